import { Injectable } from '@nestjs/common';

/** The time the privacy rules compare with: one provider, so a spec can fix it (the event day's boundary). */
@Injectable()
export class PrivacyClock {
  now(): Date {
    return new Date();
  }
}
