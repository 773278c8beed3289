/**
 * Issue 25 (decision 187): a demo parent page, served in test mode only (`/sandbox/embed-demo`), that
 * embeds the app with the parent helper (`/embed/parent.js`) and shows the frame resizing and the
 * step data as they arrive. The browser tests serve the same page from another loopback origin
 * (e2e/support/parent-page.ts); a person tries it by opening it on `http://localhost:<port>` while
 * the app is `http://127.0.0.1:<port>` (two origins, one server) with ALLOWED_ORIGINS naming the first.
 *
 * Query: `src` the app's address (default: the app on the other loopback host name, same port),
 * `token` an embedded bearer token (optional; decision 062), `role`.
 */
export const EMBED_DEMO_PATH = '/sandbox/embed-demo';
export const EMBED_DEMO_SCRIPT_PATH = '/sandbox/embed-demo.js';
export const PARENT_HELPER_PATH = '/embed/parent.js';

export const EMBED_DEMO_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Partner page: Solis embedding demo (test mode)</title>
    <style>
      body { margin: 0; font-family: system-ui, sans-serif; color: #0b0c0c; background: #f3f2f1; }
      header, main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
      .demo { display: grid; gap: 1rem; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; }
      @media (max-width: 50rem) { .demo { grid-template-columns: minmax(0, 1fr); } }
      #solis-frame { background: #fff; outline: 2px dashed #505a5f; }
      #message-log { font-family: ui-monospace, monospace; font-size: 0.875rem; padding-left: 1.5rem; overflow-wrap: anywhere; }
    </style>
  </head>
  <body>
    <header>
      <h1>Partner page (demo)</h1>
      <p>The loan application below is embedded from the bank's origin with <code>${PARENT_HELPER_PATH}</code>. Test mode only.</p>
    </header>
    <main>
      <div class="demo">
        <section aria-labelledby="frame-heading">
          <h2 id="frame-heading">The application</h2>
          <div id="solis-frame"></div>
        </section>
        <section aria-labelledby="log-heading">
          <h2 id="log-heading">What the application tells this page</h2>
          <p>Frame height: <output id="frame-height">not reported yet</output></p>
          <p>Step: <output id="current-step">not reported yet</output></p>
          <form id="language-form">
            <label for="language">Language of the application</label>
            <select id="language">
              <option value="et">Eesti</option>
              <option value="en">English</option>
              <option value="ru">Русский</option>
              <option value="lv">Latviešu</option>
              <option value="lt">Lietuvių</option>
            </select>
            <button type="submit">Send to the application</button>
          </form>
          <h3>Messages, newest last</h3>
          <ol id="message-log"></ol>
        </section>
      </div>
    </main>
    <script src="${PARENT_HELPER_PATH}"></script>
    <script src="${EMBED_DEMO_SCRIPT_PATH}"></script>
  </body>
</html>
`;

export const EMBED_DEMO_SCRIPT = `'use strict';
(function () {
  var query = new URLSearchParams(window.location.search);
  var here = window.location;
  var otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  var src = query.get('src') || here.protocol + '//' + otherHost + ':' + here.port + '/?lang=en';
  var log = document.getElementById('message-log');
  function note(text) {
    var item = document.createElement('li');
    item.textContent = text;
    log.appendChild(item);
  }
  var frame = window.SolisEmbed.mountSolisFrame({
    src: src,
    container: document.getElementById('solis-frame'),
    token: query.get('token') || undefined,
    role: query.get('role') || undefined,
    title: 'Loan application',
    onReady: function () { note('ready'); },
    onHeight: function (height) {
      document.getElementById('frame-height').textContent = height + ' px';
      note('height ' + height);
    },
    onStep: function (step) {
      document.getElementById('current-step').textContent = step.stepIndex + ' of ' + step.stepCount + ': ' + step.taskDefinitionKey + (step.isFinal ? ' (final)' : '');
      note('step ' + JSON.stringify(step));
    },
  });
  // For a tester's console (and the browser tests): the helper's handle, e.g. solisFrame.refreshToken(token).
  window.solisFrame = frame;
  document.getElementById('language-form').addEventListener('submit', function (event) {
    event.preventDefault();
    frame.setLanguage(document.getElementById('language').value);
  });
})();
`;
