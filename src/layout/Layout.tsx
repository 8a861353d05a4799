import { Box, Drawer, useMediaQuery, type Theme } from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { Loading, SkipNavigationButton, useTranslate } from 'react-admin';
import { EnvironmentThemeColors } from '../environments/EnvironmentThemeColors';
import { ThemeGate } from '../environments/ThemeGate';
import { useSessionFollowsTheme } from '../environments/useSessionFollowsTheme';
import { SlideOverHost } from '../slideover/SlideOverHost';
import { sidebarWidth } from '../theme';
import { MobileMenuButton } from './MobileMenuButton';
import { PageHeader } from './PageHeader';
import { RecoveringErrorBoundary } from './RecoveringErrorBoundary';
import { Sidebar } from './Sidebar';

/**
 * The console's shell (spec §2): a fixed sidebar from 900 px up; below, the same sidebar slides in from
 * the left, opened with a floating button. The onboarding screen replaces all of it while the selected
 * environment has no theme.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <ThemeGate>
      <EnvironmentThemeColors>
        <Shell>{children}</Shell>
      </EnvironmentThemeColors>
    </ThemeGate>
  );
}

const mobileMenuId = 'mobile-menu';

function Shell({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const isDesktop = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  useSessionFollowsTheme();
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipNavigationButton />
      {isDesktop ? (
        <Box
          component="aside"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <Sidebar />
        </Box>
      ) : (
        <>
          <Drawer
            open={menuOpen}
            onClose={closeMenu}
            slotProps={{
              paper: {
                id: mobileMenuId,
                role: 'dialog',
                'aria-modal': true,
                'aria-label': translate('app.menu.title'),
                sx: { width: sidebarWidth },
              },
            }}
          >
            <Sidebar onClose={closeMenu} />
          </Drawer>
          <MobileMenuButton onClick={() => setMenuOpen(true)} expanded={menuOpen} controls={mobileMenuId} />
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <PageHeader />
        {/* Gutters like react-admin's own layout, which its list and form pages are designed for. */}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flexGrow: 1, px: { xs: 1, md: 2 }, pt: { xs: 1, md: 2 }, pb: 2 }}
        >
          {/* A page that breaks shows its failure here; the sidebar and open panels stay. */}
          <RecoveringErrorBoundary>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </RecoveringErrorBoundary>
        </Box>
      </Box>
      <SlideOverHost />
    </Box>
  );
}
