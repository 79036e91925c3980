/**
 * Shown once, while the first screen's code arrives: the empty top bar, so the page does not jump
 * when the shell renders.
 */
export function ShellFallback() {
  return (
    <div className="app">
      <div className="top-bar" aria-hidden="true">
        <div className="top-bar-inner container" />
      </div>
    </div>
  );
}
