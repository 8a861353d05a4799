// The entry index.html loads: small on purpose (no React, react-admin, MUI or MSAL). It shows the
// start-up spinner and the login screen itself and loads the console when it is needed (boot/boot.ts).
import './boot/boot.css';
import { isSignInPopupWindow } from './authProvider/signInPopupWindow';
import { boot } from './boot/boot';

// In the sign-in popup, back on '/' with the identity provider's answer, nothing starts: the opener
// reads this window's URL and closes it.
if (!isSignInPopupWindow()) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  void boot(container);
}
