// A refusal is read where the eyes are, in every game: when an answer draws one (a
// `.notice.error[role=alert]`), it is put beside the form that was tapped, if that form is
// drawn again, and brought into sight below the sticky bars, so that a refused tap never
// looks like a tap that did nothing. The server draws each refusal where it belongs without
// JavaScript; this only moves it next to the control and scrolls. Loaded with `defer` on
// every page (no inline script: Content-Security-Policy).
(() => {
  "use strict";
  const REFUSAL = ".notice.error[role=alert]";
  let tapped = null; // how to find the tapped form again in the answer that replaces it

  function describe(form) {
    if (!form) return null;
    return {
      id: form.id,
      testid: form.dataset.testid || "",
      action: form.getAttribute("hx-post") || form.getAttribute("action") || "",
    };
  }

  function find(described) {
    if (!described) return null;
    if (described.id) return document.getElementById(described.id);
    const forms = [...document.querySelectorAll("form")];
    if (described.testid) return forms.find((form) => form.dataset.testid === described.testid);
    if (!described.action) return null;
    const same = forms.filter(
      (form) => (form.getAttribute("hx-post") || form.getAttribute("action")) === described.action,
    );
    return same.length === 1 ? same[0] : null; // several alike: no guessing which
  }

  function remember(event) {
    const form = event.target.closest && event.target.closest("form");
    if (!form) return;
    tapped = describe(form);
    const button = event.submitter || event.target.closest("button, input[type=submit]");
    if (button && form.contains(button)) tapped.button = { name: button.name, value: button.value };
  }
  document.addEventListener("click", remember, true);
  document.addEventListener("submit", remember, true);

  // Whether the whole box can be seen: inside the window and not under a sticky bar.
  function inSight(box) {
    const r = box.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.height === 0) return false;
    const x = r.left + Math.min(8, r.width / 2);
    return [r.top + 1, r.bottom - 1].every((y) => {
      const there = document.elementFromPoint(x, y);
      return there !== null && box.contains(there);
    });
  }

  // A copy put beside the tapped form when the refusal is drawn in another region (a
  // table's live status, say): the original stays where its region keeps it, and the copy goes
  // as soon as the original does. Hidden from screen readers, which read the original.
  const copies = new Map();

  function forget() {
    for (const [copy, original] of copies) {
      if (!original.isConnected || !copy.isConnected) {
        copy.remove();
        copies.delete(copy);
      }
    }
  }

  function control(form) {
    const named = tapped && tapped.button;
    const buttons = [...form.querySelectorAll("button:not([type=button]), input[type=submit]")];
    return buttons.find((b) => named && b.name === named.name && b.value === named.value) || buttons[0];
  }

  function show(region, refusal) {
    const form = find(tapped);
    let beside = refusal;
    let above = false;
    if (form && !form.contains(refusal) && !refusal.contains(form)) {
      if (region.contains(form)) {
        // Moved only within the region just drawn: the next answer draws that region again
        // whole, so a refusal moved there never outlives it.
        form.before(refusal);
      } else {
        beside = refusal.cloneNode(true);
        beside.removeAttribute("role");
        beside.removeAttribute("id");
        beside.removeAttribute("data-testid");
        beside.setAttribute("aria-hidden", "true");
        beside.dataset.refusalCopy = "";
        form.before(beside);
        copies.set(beside, refusal);
      }
      above = true;
    }
    const button = form && control(form);
    if (!inSight(beside) || (button && !inSight(button))) {
      // Above the form: from the refusal down, so that the form follows it on the screen.
      // Within the form (the server put it by the control): in the middle, the control beside.
      beside.scrollIntoView({ block: above ? "start" : "center" });
    }
  }

  // A tap sent before the page's scripts ran went as a plain form post: its refusal comes on
  // the page the redirect draws, at the top, naming the address its form posted to.
  const plain = document.querySelector(`#page-messages ${REFUSAL}[data-refused-at]`);
  if (plain) {
    tapped = { action: plain.dataset.refusedAt };
    show(document.body, plain);
  }

  document.addEventListener("htmx:afterSettle", (event) => {
    forget();
    const region = event.detail.elt;
    if (!(region instanceof Element) || !region.isConnected) return;
    const refusal = region.matches(REFUSAL) ? region : region.querySelector(REFUSAL);
    if (!refusal) return;
    // After htmx's own scrolling of the swap ("show:…:top"), which follows this event.
    window.setTimeout(() => show(region, refusal), 0);
  });
})();
