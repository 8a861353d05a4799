import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { isSignInPopupWindow } from './authProvider/signInPopupWindow';

// In the sign-in popup the console must not start: the opener reads this window's URL and closes it.
if (!isSignInPopupWindow()) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
