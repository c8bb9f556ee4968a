import routes from '@generated/routes';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';

/**
 * On the first load, Docusaurus preloads the route's code chunks and hydrates only once they all
 * arrive. If one fails (flaky network, offline), it never hydrates: the server HTML stays up and
 * nothing on it works, with no word of why. For that first load only, this module lets a failed
 * preload settle, so the app renders and react-loadable shows @theme/Loading with the error and its
 * Retry button, which loads the chunk again once the network is back.
 *
 * Later navigations keep Docusaurus's own behaviour: a failed chunk reloads the page, which also
 * picks up chunks renamed by a new deployment. When that reload fails too, it is a first load again.
 */
type RouteComponent = {preload?: () => Promise<unknown>};
type RouteLike = {component?: unknown; routes?: readonly RouteLike[]};

const originalPreloads = new Map<RouteComponent, () => Promise<unknown>>();

function settlePreloadsOf(routeList: readonly RouteLike[]): void {
  for (const route of routeList) {
    const component = route.component as RouteComponent | undefined;
    const preload = component?.preload;
    if (component && preload && !originalPreloads.has(component)) {
      originalPreloads.set(component, preload);
      component.preload = () =>
        preload.call(component).catch((error: unknown) => {
          console.error('A code chunk of this page failed to load; showing the retry screen.', error);
        });
    }
    settlePreloadsOf(route.routes ?? []);
  }
}

function restoreOriginalPreloads(): void {
  for (const [component, preload] of originalPreloads) {
    component.preload = preload;
  }
  originalPreloads.clear();
}

if (ExecutionEnvironment.canUseDOM) {
  settlePreloadsOf(routes);
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    restoreOriginalPreloads();
  },
};

export default clientModule;
