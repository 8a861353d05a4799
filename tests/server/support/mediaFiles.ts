import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A 20x20 PNG in one colour, made with sharp (no fixture files). */
export async function tinyPng(background = '#cc3300'): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Every file below `root`, as sorted paths relative to it ([] when it does not exist). */
export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
