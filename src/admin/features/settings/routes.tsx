import type { RouteObject } from 'react-router';
import { settingsPath } from '../../lib/urls/shop';
import { SettingsPage } from './pages/settings-page';

/** The Settings page (weight unit, hold buffer, substitute answer time), under /admin. */
export const SETTINGS_ROUTES: RouteObject[] = [{ path: settingsPath, Component: SettingsPage }];
