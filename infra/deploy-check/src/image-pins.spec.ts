import { describe, expect, it } from 'vitest';
import { parseImageRef, pinProblem } from './image-pins.js';

const DIGEST = `sha256:${'ab'.repeat(32)}`;

describe('pinProblem', () => {
  it('accepts an outside image with a version tag and a digest', () => {
    expect(pinProblem(`versity/versitygw:v1.8.0@${DIGEST}`)).toBeNull();
    expect(pinProblem(`postgres:16.13-bookworm@${DIGEST}`)).toBeNull();
    expect(pinProblem(`registry.example.org:5000/tools/redis:7.4.11@${DIGEST}`)).toBeNull();
  });

  it('accepts our own images with an explicit tag, also under a registry prefix', () => {
    expect(pinProblem('flohmarkt/gateway:local')).toBeNull();
    expect(pinProblem('registry.example.org/flohmarkt/media-worker:0.1.0')).toBeNull();
  });

  it('refuses latest, a missing tag and other floating tags, for our images too', () => {
    expect(pinProblem('minio/minio:latest')).toMatch(/moves/);
    expect(pinProblem('flohmarkt/gateway:latest')).toMatch(/moves/);
    expect(pinProblem('flohmarkt/gateway')).toMatch(/no tag/);
    expect(pinProblem(`minio/mc@${DIGEST}`)).toMatch(/no tag/);
    expect(pinProblem('node:bookworm-slim')).toMatch(/moves/);
  });

  it('refuses an outside image pinned to a major version or without a digest', () => {
    expect(pinProblem(`postgres:16@${DIGEST}`)).toMatch(/no exact version/);
    expect(pinProblem('redis:7.4.11')).toMatch(/no digest/);
    expect(pinProblem('redis:7.4.11@sha256:abc')).toMatch(/not a sha256 digest/);
  });

  it('refuses an empty reference and an unresolved variable', () => {
    expect(pinProblem(undefined)).toBe('no image');
    expect(pinProblem('${MINIO_IMAGE}')).toMatch(/unresolved variable/);
  });
});

describe('parseImageRef', () => {
  it('tells a registry port from a tag', () => {
    expect(parseImageRef('localhost:5000/flohmarkt/auth')).toEqual({ name: 'localhost:5000/flohmarkt/auth', digest: undefined });
    expect(parseImageRef(`localhost:5000/flohmarkt/auth:1.2@${DIGEST}`)).toEqual({ name: 'localhost:5000/flohmarkt/auth', tag: '1.2', digest: DIGEST });
  });
});
