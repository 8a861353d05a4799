import SendIcon from '@mui/icons-material/Send';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ConfirmDeletion, type ConfirmDeletionProps } from '../../src/layout/ConfirmDeletion';

/** The dialog open, with the console's Dutch messages. */
const renderDialog = (props: Omit<ConfirmDeletionProps, 'isOpen' | 'onConfirm' | 'onClose'>) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ConfirmDeletion isOpen onConfirm={() => undefined} onClose={() => undefined} {...props} />
    </AdminContext>,
  );

describe('ConfirmDeletion', () => {
  it("asks every deletion the same way: a red 'Verwijderen' with a bin, a plain 'Annuleren' with the focus", async () => {
    renderDialog({
      title: 'ra.message.delete_title',
      titleTranslateOptions: { name: 'lijst', recordRepresentation: 'Wijkkrant' },
      content: 'De map en alles erin worden verwijderd.',
    });
    // Sentence case, whatever case the message starts with.
    const dialog = await screen.findByRole('dialog', { name: 'Lijst Wijkkrant verwijderen' });
    const confirm = screen.getByRole('button', { name: 'Verwijderen' });
    expect(dialog).toContainElement(confirm);
    expect(confirm.querySelector('[data-testid="DeleteOutlineIcon"]')).not.toBeNull();
    expect(confirm).toHaveClass('MuiButton-containedError');
    const cancel = screen.getByRole('button', { name: 'Annuleren' });
    expect(cancel.querySelector('svg')).toBeNull();
    expect(cancel).toHaveFocus();
  });

  it('shows what is confirmed on its button when it is no deletion (a send), not a bin', async () => {
    renderDialog({
      title: 'Nu de winnaar kiezen?',
      content: 'De variant die nu het best scoort gaat meteen naar de overige 80 ontvangers.',
      confirm: 'Nu beslissen',
      confirmIcon: <SendIcon />,
    });
    const confirm = await screen.findByRole('button', { name: 'Nu beslissen' });
    expect(confirm.querySelector('[data-testid="SendIcon"]')).not.toBeNull();
    expect(confirm.querySelector('[data-testid="DeleteOutlineIcon"]')).toBeNull();
  });
});
