import { MailConfirmations } from './mail-confirmations.js';
import { MailConfirmationsController } from './mail-confirmations.controller.js';
import { MailOptOuts } from './opt-outs.js';
import { OptOutsController } from './opt-outs.controller.js';
import { RegistrationDigests } from './registration-digests.js';
import { SettledNotices } from './settled-notices.js';
import { StandNotices } from './stand-notices.js';

/** The stands service's mails (stand notices, the organiser's digest), their opt-out link and the guests' address confirmation. */
export const NOTIFICATION_CONTROLLERS = [OptOutsController, MailConfirmationsController];
export const NOTIFICATION_PROVIDERS = [MailOptOuts, StandNotices, RegistrationDigests, SettledNotices, MailConfirmations];
