/**
 * `/_admin/overlay.js` (docs/preview.md): click-to-edit for any site in preview mode, with no
 * framework. Elements marked `data-cms-edit="<collection>/<uuid>/<field>"` get an outline and an
 * Edit button on hover (or keyboard focus inside them); the button opens the editor on that
 * field: inside the editor's preview pane by postMessage to the editor's origin (the origin this
 * script was loaded from), else in a new tab. Kept under 3 KB gzipped (test/unit/server/overlay.test.ts).
 */
export const OVERLAY_SCRIPT = `(() => {
  const me = document.currentScript;
  const base = new URL(me && me.src ? me.src : location.href).origin;
  const inPane = window.parent !== window;
  let target = null, hide = 0;
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:fixed;pointer-events:none;z-index:2147483646;outline:2px solid #2453d6;outline-offset:2px;border-radius:2px;display:none';
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.style.cssText = 'position:fixed;z-index:2147483647;display:none;font:600 13px/1 system-ui,sans-serif;padding:6px 10px;border:0;border-radius:4px;background:#2453d6;color:#fff;cursor:pointer;box-shadow:0 1px 3px rgba(0,0,0,.3)';
  const parse = (el) => {
    const p = (el.getAttribute('data-cms-edit') || '').split('/');
    return p.length === 3 && p.every(Boolean) ? { collection: p[0], uuid: p[1], field: p[2] } : null;
  };
  const place = () => {
    if (!target || !target.isConnected) return off();
    const r = target.getBoundingClientRect();
    Object.assign(box.style, { display: 'block', top: r.top + 'px', left: r.left + 'px', width: r.width + 'px', height: r.height + 'px' });
    btn.style.display = 'block';
    btn.style.top = Math.max(0, r.top - 30) + 'px';
    btn.style.left = Math.max(0, Math.min(r.right - btn.offsetWidth, innerWidth - btn.offsetWidth)) + 'px';
  };
  const on = (el) => {
    clearTimeout(hide);
    if (target === el) return;
    const m = parse(el);
    if (!m) return;
    target = el;
    btn.textContent = 'Edit ' + m.field.replace(/[_-]+/g, ' ');
    btn.setAttribute('aria-label', 'Edit ' + m.field + ' in the editor');
    place();
  };
  const off = () => { target = null; box.style.display = btn.style.display = 'none'; };
  const later = () => { clearTimeout(hide); hide = setTimeout(off, 300); };
  const find = (e) => e.target instanceof Element ? e.target.closest('[data-cms-edit]') : null;
  document.addEventListener('mouseover', (e) => {
    if (e.target === btn) return clearTimeout(hide);
    const el = find(e);
    el ? on(el) : later();
  });
  document.addEventListener('focusin', (e) => { const el = find(e); if (el) on(el); });
  addEventListener('scroll', place, true);
  addEventListener('resize', place);
  btn.addEventListener('click', (e) => {
    e.preventDefault();
    const m = target && parse(target);
    if (!m) return;
    if (inPane) parent.postMessage({ type: 'cms:edit', collection: m.collection, uuid: m.uuid, field: m.field }, base);
    else open(base + '/_admin/c/' + encodeURIComponent(m.collection) + '/' + encodeURIComponent(m.uuid) + '?field=' + encodeURIComponent(m.field), '_blank', 'noopener');
  });
  const mount = () => document.body.append(box, btn);
  document.body ? mount() : addEventListener('DOMContentLoaded', mount);
})();
`
