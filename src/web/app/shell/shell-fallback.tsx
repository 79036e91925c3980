import { hasBootShell } from './boot-shell';

/**
 * Shown once, while the first screen's code arrives: the empty top bar, so the page does not jump
 * when the shell renders — or nothing while index.html's static first screen is still up.
 */
export function ShellFallback() {
  if (hasBootShell()) return null;
  return (
    <div className="app">
      <div className="top-bar" aria-hidden="true">
        <div className="top-bar-inner container" />
      </div>
    </div>
  );
}
