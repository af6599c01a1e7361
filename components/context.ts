import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AppModel } from '@/lib/ui/model';
import type { OptionsEnv } from '@/lib/ui/options-env';

// The app model reaches every component through context, never through globals.
export const ModelContext = createContext<AppModel | null>(null);

export function useModel(): AppModel {
  const model = useContext(ModelContext);
  if (!model) throw new Error('useModel() outside <ModelContext.Provider>');
  return model;
}

export const OptionsEnvContext = createContext<OptionsEnv | null>(null);

export function useOptionsEnv(): OptionsEnv {
  const env = useContext(OptionsEnvContext);
  if (!env) throw new Error('useOptionsEnv() outside <OptionsEnvContext.Provider>');
  return env;
}
