/**
 * A stand-in for the Redux DevTools extension, installed in the page before the app loads. Like
 * the real one, its enhancer sits innermost (below the middlewares) and a jump replaces the whole
 * state without any middleware seeing an action. The test reaches it through the page only.
 */
export function installFakeDevTools() {
  type AnyStore = { getState(): unknown; dispatch(action: unknown): unknown };
  const JUMP = '@@fakeDevTools/JUMP_TO_STATE';
  const instances: { name: string; store: AnyStore }[] = [];
  const compose =
    (...funcs: ((next: unknown) => unknown)[]) =>
    (last: unknown) =>
      funcs.reduceRight((composed, f) => f(composed), last);
  const w = window as unknown as Record<string, unknown>;
  w.__fakeDevTools = {
    jump(state: unknown) {
      instances[instances.length - 1].store.dispatch({ type: JUMP, state });
    },
    state: () => instances[instances.length - 1]?.store.getState(),
    names: () => instances.map((instance) => instance.name),
  };
  w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options: { name?: string }) =>
    (...enhancers: ((next: unknown) => unknown)[]) =>
      compose(
        ...enhancers,
        (createStore: unknown) =>
          (reducer: (state: unknown, action: { type: string; state?: unknown }) => unknown, preloaded: unknown) => {
            const lifted = (state: unknown, action: { type: string; state?: unknown }) => (action.type === JUMP ? action.state : reducer(state, action));
            const store = (createStore as (r: unknown, p: unknown) => AnyStore)(lifted, preloaded);
            instances.push({ name: options?.name ?? '', store });
            return store;
          },
      );
}
