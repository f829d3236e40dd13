// Vite 8 needs redux-persist's es/ build (see store.ts); its types live at the package root.
declare module 'redux-persist/es/constants' {
  export { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
}
declare module 'redux-persist/es/persistReducer' {
  import type { Action, Reducer } from 'redux';
  import type { PersistConfig, PersistState } from 'redux-persist';
  export default function persistReducer<S, A extends Action = Action>(
    config: PersistConfig<S>,
    baseReducer: Reducer<S, A>,
  ): Reducer<S & { _persist: PersistState }, A>;
}
declare module 'redux-persist/es/persistStore' {
  import type { Store } from 'redux';
  import type { Persistor } from 'redux-persist';
  export default function persistStore(store: Store, options?: unknown, callback?: () => void): Persistor;
}
declare module 'redux-persist/es/storage/createWebStorage' {
  import type { WebStorage } from 'redux-persist';
  export default function createWebStorage(type: 'local' | 'session'): WebStorage;
}
