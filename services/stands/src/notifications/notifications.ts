import { MailOptOuts } from './opt-outs.js';
import { OptOutsController } from './opt-outs.controller.js';
import { RegistrationDigests } from './registration-digests.js';
import { StandNotices } from './stand-notices.js';

/** The stands service's mails (stand notices, the organiser's digest) and their opt-out link. */
export const NOTIFICATION_CONTROLLERS = [OptOutsController];
export const NOTIFICATION_PROVIDERS = [MailOptOuts, StandNotices, RegistrationDigests];
