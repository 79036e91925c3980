// Home's first screen (src/server/app-page.ts): the app's scripts start once the first banner has
// arrived, so on a slow network the picture a shopper sees first does not share the line with
// 150 KB of JavaScript. A picture that fails starts them at once; one that never answers, after
// 2.5 s. The page names the entry and the modules to preload on this script's element.
const boot = document.querySelector('script[data-entry]');
const picture = document.querySelector('[data-boot-shell] img');
let started = false;

function start() {
  if (started || !boot) return;
  started = true;
  for (const href of (boot.dataset.preload ?? '').split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  import(boot.dataset.entry);
}

if (!picture || picture.complete) start();
else {
  picture.addEventListener('load', start, { once: true });
  picture.addEventListener('error', start, { once: true });
  setTimeout(start, 2500);
}
