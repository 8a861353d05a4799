/**
 * The header every message the platform sends carries: the id of the environment it was sent for. The
 * embedded catcher files a message under it, so staff of one environment read only their own mail.
 * Real mail servers pass it on unchanged; it names no person.
 */
export const environmentMailHeader = 'X-Platform-Environment';
