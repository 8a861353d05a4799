import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSignedInUser,
  forgetCachedSession,
  readSession,
  selectedEnvironment,
  subscribeToSession,
  updateSession,
} from '../../src/authProvider/session';
import { cultuurhuis, signInSession, waterschap, zuiderveen } from './support/signedInSession';

describe('session data', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('keeps every field of spec §3 in session storage', () => {
    signInSession([zuiderveen, cultuurhuis, waterschap]);
    const stored = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}');
    expect(Object.keys(stored)).toEqual(
      expect.arrayContaining([
        'accessToken',
        'userEmail',
        'userName',
        'tokenExpiresAt',
        'userId',
        'environmentId',
        'availableEnvironmentCount',
        'availableEnvironments',
        'baseUrl',
        'cdnBaseUrl',
        'signInType',
        'clientId',
        'authority',
      ]),
    );
    expect(stored.availableEnvironmentCount).toBe(3);
  });

  it('survives a reload, including the selected environment', () => {
    signInSession([zuiderveen, cultuurhuis]);
    updateSession({ environmentId: cultuurhuis.environment.id });
    forgetCachedSession(); // what a reload does to the in-memory copy
    const session = readSession();
    expect(session.environmentId).toBe(cultuurhuis.environment.id);
    expect(selectedEnvironment(session)?.environment.name).toBe('Stichting Cultuurhuis Noord');
    expect(session.userEmail).toBe('anne@voorbeeld.nl');
  });

  it('forgets the user on sign-out and keeps the sign-in settings', () => {
    signInSession([zuiderveen]);
    clearSignedInUser();
    const session = readSession();
    expect(session.accessToken).toBeUndefined();
    expect(session.userId).toBeUndefined();
    expect(session.environmentId).toBeUndefined();
    expect(session.availableEnvironments).toBeUndefined();
    expect(session.clientId).toBe('console');
    expect(session.authority).toBe('https://localhost:8443/oidc');
    expect(session.cdnBaseUrl).toBe('/cdn');
  });

  it('tells subscribers about changes and hands out a stable snapshot in between', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    updateSession({ userName: 'Bram' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readSession()).toBe(readSession());
    unsubscribe();
    updateSession({ userName: 'Anne' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('starts empty when session storage holds something unreadable', () => {
    sessionStorage.setItem('dpp.session', '{not json');
    expect(readSession()).toEqual({});
  });
});
