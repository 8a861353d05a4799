import { createContext } from 'react';

/**
 * 'Nog een bestand importeren' under an import's result: the import page's way back to its wizard.
 * The result is a declared view of the import, which knows nothing of the page around it.
 */
export const ImportAnotherContext = createContext<() => void>(() => undefined);
