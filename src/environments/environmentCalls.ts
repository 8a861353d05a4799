import type { CreateThemeBody, Theme } from '@contract/themes';
import type { DataProvider } from 'react-admin';
import type { HttpClient } from '../dataProvider/httpTypes';
import { createTheme, fetchTheme } from './environmentApi';

/**
 * The selected environment's own calls, added to the dataProvider as custom methods (react-admin's way
 * for calls outside a resource): components reach them through `useDataProvider`, which also routes
 * their failures through `authProvider.checkError`.
 */
export interface EnvironmentCalls {
  getEnvironmentTheme(): Promise<Theme>;
  createEnvironmentTheme(body: CreateThemeBody): Promise<Theme>;
}

export type ConsoleDataProvider = DataProvider & EnvironmentCalls;

export function withEnvironmentCalls<TDataProvider extends DataProvider>(
  dataProvider: TDataProvider,
  http: HttpClient,
): TDataProvider & EnvironmentCalls {
  return {
    ...dataProvider,
    getEnvironmentTheme: () => fetchTheme(http),
    createEnvironmentTheme: (body) => createTheme(http, body),
  };
}
