import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import type { PageDeclaration } from '../declarative/pageDeclaration';
import { lazyView } from '../declarative/lazyView';

const EnvironmentsPage = lazyView(() => import('../environments/EnvironmentsPage'), 'EnvironmentsPage');

/**
 * The console's pages that belong to no resource, and the routes of spec §2 whose area is not built
 * yet (they show "Nog niet beschikbaar" until the area's declaration takes the path).
 */
export const pages: readonly PageDeclaration[] = [
  {
    path: '/environments',
    component: EnvironmentsPage,
    menu: {
      label: 'app.menu.environments',
      icon: SwapHorizOutlinedIcon,
      order: 30,
      pinned: true,
      shownWhen: 'severalEnvironments',
    },
  },
];
