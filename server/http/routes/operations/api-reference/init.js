'use strict';
// The API reference page's script. The page is the document's index; this loads the interactive
// reference (Swagger UI from swagger-ui-dist, rendering /openapi.json) when it is asked for: the
// button, a link of the index (Swagger UI's deep link, #/tag/operationId, which it then opens), or
// an address that already names an operation. A plugin changes what axe-core objects to in Swagger
// UI's markup. Colours and layout are in api-reference.css. Served as a file from our origin: the
// page's CSP allows scripts from 'self' only.
(function () {
  // Swagger UI's own dark theme is keyed on html.dark-mode: follow the system setting, as the portal does.
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const applyScheme = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
  applyScheme();
  dark.addEventListener('change', applyScheme);

  // Each entry wraps one of Swagger UI's components (its documented wrapComponents plugin API).
  function accessibleMarkup(system) {
    const h = system.React.createElement;
    return {
      wrapComponents: {
        // A deep link is an <a href> inside the operation's toggle button (nested-interactive).
        // Rendered disabled it is plain text; the address still follows the open operation
        // (deepLinking), so a link to an operation can be copied from the address bar.
        DeepLink: (Original) => (props) => h(Original, { ...props, enabled: false }),
        // The document names one server, this deployment: nothing to choose, and Swagger UI's
        // select has no label. Try it out uses the document's first server without it.
        ServersContainer: () => () => null,
        // Swagger UI's <main> holds the operations; what comes before it sits in named landmarks.
        InfoContainer: (Original) => (props) => h('section', { 'aria-label': 'About this API' }, h(Original, props)),
        // The authorization dialog opens in here under an h3, so an h2 comes first.
        AuthorizeBtnContainer: (Original) => (props) =>
          h(
            'section',
            { 'aria-labelledby': 'reference-authorization' },
            h('h2', { id: 'reference-authorization', className: 'visually-hidden' }, 'Authorization'),
            h(Original, props),
          ),
        // The dialog's close button shows only an icon hidden from screen readers: name the icon.
        CloseIcon: (Original) => (props) => h(Original, { ...props, role: 'img', 'aria-hidden': 'false', 'aria-label': 'Close' }),
        // A button with visible text is named by that text (label-content-name-mismatch: the
        // dialog's "Authorize" was labelled "Apply credentials", its "Logout" "Remove authorization").
        Button: (Original) => (props) => h(Original, typeof props.children === 'string' ? { ...props, 'aria-label': undefined } : props),
        // The request body's editor is a bare <textarea>.
        TextArea: (Original) => (props) =>
          h(Original, { 'aria-label': String(props.className).includes('body-param__text') ? 'Request body' : undefined, ...props }),
        // Headings in order: the document's title (h1), "Operations" (h2), the tags (h3), an open
        // operation's sections (h4).
        operations: (Original) => (props) =>
          h(system.React.Fragment, null, h('h2', { className: 'reference-section-title' }, 'Operations'), h(Original, props)),
        // Swagger UI heads the webhooks with an h2 but their open sections with h4: level 3, as a tag.
        // (React leaves alone an attribute it does not manage; the ref runs again on each render.)
        Webhooks: (Original) => (props) =>
          h('div', { ref: (element) => element?.querySelector('h2')?.setAttribute('aria-level', '3') }, h(Original, props)),
        // An operation's responses table is a live region: named after its operation, two open
        // operations do not make two unnamed regions (landmark-unique).
        responses: (Original) => (props) =>
          h(
            'div',
            {
              ref: (element) =>
                element?.querySelector('.responses-table')?.setAttribute('aria-label', 'Responses of ' + String(props.method).toUpperCase() + ' ' + props.path),
            },
            h(Original, props),
          ),
      },
    };
  }

  /**
   * Adds a stylesheet or script of this origin to the page; resolves once it has loaded. Swagger
   * UI's stylesheet goes before ours, so our theme still overrides it (the later rule wins).
   */
  function load(tag, attributes) {
    return new Promise((resolve, reject) => {
      const element = Object.assign(document.createElement(tag), attributes);
      element.addEventListener('load', resolve);
      element.addEventListener('error', () => reject(new Error('Could not load ' + (attributes.src || attributes.href))));
      document.head.insertBefore(element, tag === 'link' ? document.querySelector('link[href="/docs/api-reference.css"]') : null);
    });
  }

  let opening;
  /** Loads Swagger UI once and draws the reference in place of the index (the page keeps one main and one h1). */
  function openReference() {
    opening ??= Promise.all([load('link', { rel: 'stylesheet', href: '/docs/swagger-ui.css' }), load('script', { src: '/docs/swagger-ui-bundle.js' })]).then(
      () =>
        new Promise((resolve) => {
          document.getElementById('reference-index')?.remove();
          window.ui = SwaggerUIBundle({
            url: '/openapi.json',
            dom_id: '#reference',
            deepLinking: true,
            defaultModelsExpandDepth: 0,
            plugins: [accessibleMarkup],
            onComplete: resolve,
          });
        }),
      (error) => {
        opening = undefined;
        const note = document.getElementById('reference-open-note');
        if (note) {
          note.textContent = error.message + '. Try again.';
          note.setAttribute('role', 'alert');
        }
      },
    );
    return opening;
  }

  function start() {
    const button = document.getElementById('reference-open');
    const note = document.getElementById('reference-open-note');
    if (button && note) {
      button.hidden = false;
      note.hidden = false;
      button.addEventListener('click', () => {
        button.setAttribute('aria-busy', 'true');
        button.textContent = 'Loading the interactive reference…';
        void openReference();
      });
    }
    // A link of the index names its operation in the address, as Swagger UI's own deep links do.
    document.getElementById('reference-index')?.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a.reference-entry') : null;
      if (!link) return;
      event.preventDefault();
      history.pushState(null, '', link.getAttribute('href'));
      void openReference();
    });
    if (location.hash.startsWith('#/')) void openReference();
    // An address naming an operation reached later (a link followed before this script ran, the back button).
    window.addEventListener('hashchange', () => {
      if (location.hash.startsWith('#/')) void openReference();
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
