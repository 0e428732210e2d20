// What a player types into one form while the answer to a tap on another is on its way is kept
// when that answer draws the form again: they tap Travel, start typing the encounter's cards,
// and the travel's answer redraws the encounter form; without this it came back empty.
// Only fields the player changed are carried over, and only into a field the answer drew as
// it drew it before (a value the server put there itself wins). The form whose tap brought the
// answer is left as the answer draws it: that is the answer to what was typed in it. Choices
// (radio buttons, boxes) are the pickers' own business (picker.js); the Barcadia table keeps
// its forms in place (barcadia.js). Loaded with `defer` on every page (Content-Security-Policy).
(() => {
  "use strict";
  const FIELDS = "input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=file]), textarea, select";

  // A form is known again by its test id, id or action, when that is unique on the page.
  function key(form) {
    if (form.dataset.testid) return `t:${form.dataset.testid}`;
    if (form.id) return `i:${form.id}`;
    const action = form.getAttribute("hx-post") || form.getAttribute("action");
    return action ? `a:${action}` : null;
  }

  function drawnValue(field) {
    if (field.tagName === "SELECT") {
      const drawn = [...field.options].find((option) => option.defaultSelected);
      return drawn ? drawn.value : field.options.length ? field.options[0].value : "";
    }
    return field.defaultValue;
  }

  function typedIn(form) {
    const typed = {};
    for (const field of form.querySelectorAll(FIELDS)) {
      if (field.name && !field.disabled && field.value !== drawnValue(field)) {
        typed[field.name] = { value: field.value, drawn: drawnValue(field) };
      }
    }
    return typed;
  }

  let kept = null; // what was typed in the region an answer is about to replace

  document.addEventListener("htmx:beforeSwap", (event) => {
    kept = null;
    const target = event.detail.target;
    if (!event.detail.shouldSwap || !(target instanceof Element) || target.closest(".hob")) return;
    const from = event.detail.elt || (event.detail.requestConfig && event.detail.requestConfig.elt);
    const asking = from && from.closest ? from.closest("form") : null;
    const forms = [...target.querySelectorAll("form")];
    if (target.tagName === "FORM") forms.push(target);
    const seen = new Map();
    for (const form of forms) {
      const k = key(form);
      if (k) seen.set(k, seen.has(k) ? null : form); // several alike: none kept
    }
    for (const [k, form] of seen) {
      if (!form || form === asking) continue;
      const typed = typedIn(form);
      if (Object.keys(typed).length === 0) continue;
      const focused = form.contains(document.activeElement) ? document.activeElement.name : null;
      kept = kept || new Map();
      kept.set(k, { typed, focused });
    }
  });

  document.addEventListener("htmx:afterSwap", () => {
    if (!kept) return;
    const found = new Map();
    for (const form of document.querySelectorAll("form")) {
      const k = key(form);
      if (kept.has(k)) found.set(k, found.has(k) ? null : form);
    }
    for (const [k, form] of found) {
      if (!form) continue;
      const { typed, focused } = kept.get(k);
      for (const [name, was] of Object.entries(typed)) {
        const field = form.elements.namedItem(name);
        if (!(field instanceof HTMLElement) || !field.matches(FIELDS)) continue;
        // Drawn as before: the server did not put a value of its own there.
        if (drawnValue(field) !== was.drawn || field.value !== was.drawn) continue;
        if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === was.value)) continue;
        field.value = was.value;
      }
      const again = focused && form.elements.namedItem(focused);
      if (again instanceof HTMLElement && again.matches(FIELDS)) {
        again.focus({ preventScroll: true });
      }
    }
    kept = null;
  });
})();
