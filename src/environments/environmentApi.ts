import type { AvailableEnvironment, RegisterUserBody, UserId } from '@contract/environment';
import type { CreateThemeBody, Theme } from '@contract/themes';
import type { HttpClient } from '../dataProvider/httpTypes';

/** POST /api/1/users: registers the signed-in user (created on first sign-in) and answers the userId. */
export async function registerUser(http: HttpClient, body: RegisterUserBody): Promise<UserId> {
  const { data } = await http.json<UserId>('/api/1/users', { method: 'POST', body });
  return data;
}

/** GET /api/1/environments/environment/{environmentId}/available?userId=…: where the user may work. */
export async function fetchAvailableEnvironments(
  http: HttpClient,
  defaultEnvironmentId: string,
  userId: string,
): Promise<AvailableEnvironment[]> {
  const path = `/api/1/environments/environment/${encodeURIComponent(defaultEnvironmentId)}/available`;
  const { data } = await http.json<AvailableEnvironment[]>(path, { query: { userId } });
  return data;
}

/** GET /api/1/{environmentId}/themes: the selected environment's theme; an HttpError 404 means none yet. */
export async function fetchTheme(http: HttpClient): Promise<Theme> {
  const { data } = await http.json<Theme>(http.environmentPath('/themes'));
  return data;
}

/** POST /api/1/{environmentId}/themes: creates the selected environment's theme (onboarding). */
export async function createTheme(http: HttpClient, body: CreateThemeBody): Promise<Theme> {
  const { data } = await http.json<Theme>(http.environmentPath('/themes'), { method: 'POST', body });
  return data;
}
