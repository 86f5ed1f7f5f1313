import { PHOTO_FAILURE_REASONS } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { UndecodableImageError } from '../images/image-module.js';
import { ORIGINAL_MISSING, failureReasonFor } from './failure-reasons.js';

describe('failureReasonFor', () => {
  it('blames the file for bytes that do not decode and for a lost original', () => {
    const undecodable = new UndecodableImageError('image does not decode: VipsJpeg: Premature end of input file');
    expect(failureReasonFor(undecodable.message)).toBe(PHOTO_FAILURE_REASONS.unreadable);
    expect(failureReasonFor(ORIGINAL_MISSING)).toBe(PHOTO_FAILURE_REASONS.unreadable);
  });

  it('says processing failed when the attempts were used up', () => {
    expect(failureReasonFor('job failed without finishing the photo')).toBe(PHOTO_FAILURE_REASONS.processingFailed);
    expect(failureReasonFor('connect ECONNREFUSED')).toBe(PHOTO_FAILURE_REASONS.processingFailed);
    expect(failureReasonFor(null)).toBe(PHOTO_FAILURE_REASONS.processingFailed);
  });
});
