import type { AvailableEnvironment } from '@contract/environment';
import { installFakePlatformServer } from './fakePlatformServer';
import { cultuurhuis, embeddedInfo, waterschap, zuiderveen } from './signedInSession';

/**
 * The fake API with the demo data: Anne's three environments, of which Waterschap Lage Landen has no
 * theme (GET /themes answers 404 until POST /themes creates one).
 */
export function installDemoPlatform(
  available: AvailableEnvironment[] = [zuiderveen, cultuurhuis, waterschap],
) {
  const themed = new Set([zuiderveen.environment.id, cultuurhuis.environment.id]);
  const environmentOf = (path: string) => path.split('/')[3];
  // The theme's logo is the one the sign-in listed: the console keeps the two equal (useSessionFollowsTheme).
  const logoOf = (environmentId: string) =>
    available.find((entry) => entry.environment.id === environmentId)?.theme?.fileIdToLogo ?? null;
  const server = installFakePlatformServer({
    'GET /api/1/environment/info': () => ({ status: 200, body: embeddedInfo }),
    'POST /api/1/users': () => ({ status: 200, body: '99999999-9999-4999-8999-999999999999' }),
    'GET /api/1/environments/environment/:id/available': () => ({ status: 200, body: available }),
    // Anne administers each of her environments (the role the console's access checks read).
    'GET /api/1/:env/platform/me': () => ({
      status: 200,
      body: { platformAdmin: false, role: 'administrator' },
    }),
    'GET /api/1/:env/themes': ({ path }) =>
      themed.has(environmentOf(path))
        ? {
            status: 200,
            body: {
              id: 't',
              name: 'Thema',
              primaryColor: '#1f5fa8',
              fileIdToLogo: logoOf(environmentOf(path)),
            },
          }
        : { status: 404, body: { status: 404, message: 'Het thema bestaat niet.' } },
    'POST /api/1/:env/themes': ({ path, body }) => {
      themed.add(environmentOf(path));
      return { status: 201, body: { id: 'new-theme', fileIdToLogo: null, ...(body as object) } };
    },
  });
  return server;
}
