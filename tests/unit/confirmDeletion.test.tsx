import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ConfirmDeletion } from '../../src/layout/ConfirmDeletion';

describe('ConfirmDeletion', () => {
  it("asks every deletion the same way: 'Verwijderen' with a bin, next to 'Annuleren'", async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ConfirmDeletion
          isOpen
          title="Map Foto's verwijderen"
          content="De map en alles erin worden verwijderd."
          onConfirm={() => undefined}
          onClose={() => undefined}
        />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: "Map Foto's verwijderen" });
    const confirm = screen.getByRole('button', { name: 'Verwijderen' });
    expect(dialog).toContainElement(confirm);
    expect(confirm.querySelector('[data-testid="DeleteOutlineIcon"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
  });
});
