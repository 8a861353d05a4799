import { styled } from '@mui/material/styles';
import { Form } from 'react-admin';

/** A react-admin `<Form>` that fills a slide-over panel, so that the footer's save button submits it. */
export const PanelForm = styled(Form)({ display: 'flex', flexDirection: 'column', height: '100%' });
