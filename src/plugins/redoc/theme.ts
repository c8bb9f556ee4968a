import type {ThemeOptions} from 'docusaurus-theme-redoc';

/**
 * Redoc's theme for /api/. redocusaurus renders one stylesheet per colour mode from the same theme, so
 * colours that must differ between modes are CSS custom properties, set in src/css/redoc.css. Only
 * values Redoc uses as they are go through variables: Redoc derives shades from some colours with
 * `polished`, which cannot read a variable, so those keep their hex values.
 */
export const redocTheme = {
  // Same primary as the site (src/css/custom.css), readable on each mode's background.
  primaryColor: '#1d5fa8',
  primaryColorDark: '#8cc4ff',
  // The browser's own scrollbars for the menu and panels, rather than perfect-scrollbar's imitation:
  // they follow the platform's settings, scroll by keyboard, and cost no script while /api/ loads.
  options: {nativeScrollbars: true},
  // The Redoc theme object. redocusaurus marks this key deprecated in favour of a `theme.openapi`
  // section in redocly.yaml; that file configures the contract's lint, so the look stays here.
  theme: {
    typography: {
      code: {color: 'var(--portal-redoc-code)', backgroundColor: 'var(--portal-redoc-code-background)'},
    },
    schema: {requireLabelColor: 'var(--portal-redoc-required)'},
    colors: {
      responses: {
        success: {
          color: 'var(--portal-redoc-success)',
          backgroundColor: 'var(--portal-redoc-success-background)',
          // Response sample tabs sit on the dark right panel in both modes; src/css/redoc.css
          // darkens the selected one, which is white.
          tabTextColor: '#7ee2a8',
        },
        error: {
          color: 'var(--portal-redoc-error)',
          backgroundColor: 'var(--portal-redoc-error-background)',
          tabTextColor: '#ff9e96',
        },
      },
    },
  },
} satisfies ThemeOptions;
