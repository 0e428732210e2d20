// Every tap that writes (an htmx POST) carries an id of its own, and the fingerprint of what
// its screen asked; a tap whose answer never came (no connection, the server restarting, a
// timeout, a server error) is said at once, with a button that sends the very same tap again.
// The server applies a tap once: sent again after it was in fact saved, it is answered with
// where things stand (tracker.core.services, AlreadyApplied). Loaded with `defer` on every
// page; no inline script (Content-Security-Policy). Pages work without it: a plain form post
// is taken at the version it was drawn at.
(() => {
  "use strict";
  const banner = document.getElementById("tap-failed");

  function newTap() {
    const bytes = new Uint8Array(16);
    // getRandomValues, unlike randomUUID, works on a LAN address served over plain http.
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // What a tap sends, its id and fingerprint aside: the same again is the same tap.
  function said(formData) {
    const parts = [];
    formData.forEach((value, name) => {
      if (name !== "tap" && name !== "asked" && name !== "csrfmiddlewaretoken") {
        parts.push(`${name}=${value}`);
      }
    });
    return parts.join("&");
  }

  function copied(formData) {
    const copy = new FormData();
    formData.forEach((value, name) => copy.append(name, value));
    return copy;
  }

  function askedFor(elt) {
    const region = (elt.closest && elt.closest("[data-asked]")) || document.querySelector("[data-asked]");
    return region ? region.dataset.asked : "";
  }

  // The tap waiting for an answer that did not come, to be sent again as it was.
  let failed = null;

  document.addEventListener("htmx:configRequest", (event) => {
    const detail = event.detail;
    if (detail.verb !== "post" || !detail.formData) return;
    const elt = detail.elt;
    const what = said(detail.formData);
    const again = elt.tapAgain || null;  // a tap sent again whose form had left the screen
    elt.tapAgain = null;
    let pending = again || elt.tapPending;
    if (!again && (!pending || pending.what !== what)) {
      pending = { tap: newTap(), what };
    } else {
      // The same tap sent again: it must go as of the version it was first sent at, so that the
      // server, finding the record moved on, looks for the tap among those it wrote (a script
      // that sends each tap as of the newest version its phone holds leaves this one alone).
      detail.headers["X-Tap-Again"] = "1";
    }
    elt.tapPending = pending;
    detail.formData.set("tap", pending.tap);
    const asked = askedFor(elt);
    if (asked && !detail.formData.get("asked")) detail.formData.set("asked", asked);
    const trigger = detail.triggeringEvent;
    const swapped = elt.closest && elt.closest("[hx-swap]");
    elt.tapSent = {
      submitter: trigger && trigger.submitter,
      type: trigger ? trigger.type : "",
      again: Boolean(again),
      // Enough to send the very same tap again once the element that sent it has gone (the
      // screen drawn again meanwhile, by the table's own check): where it went, what it said
      // (with its id: the server answers a tap it saved already with where things stand),
      // and where its answer goes.
      path: detail.path,
      data: copied(detail.formData),
      target: detail.target && detail.target.id,
      swap: swapped ? swapped.getAttribute("hx-swap") : "",
      tap: pending,
    };
  });

  function hide() {
    failed = null;
    if (banner) banner.hidden = true;
  }

  function show(elt, why) {
    failed = elt;
    if (!banner) return;
    const text = banner.querySelector("[data-words]");
    text.textContent = banner.dataset[why] || banner.dataset.offline;
    banner.querySelector("button").disabled = false;
    banner.hidden = false;
  }

  // Followed on the request itself: the answer may take away the element that asked (a region
  // drawn again), and an element no longer on the page hears no events.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const detail = event.detail;
    const config = detail.requestConfig;
    if (!config || config.verb !== "post" || !detail.xhr) return;
    const elt = detail.elt;
    const xhr = detail.xhr;
    xhr.addEventListener("load", () => {
      if (xhr.status >= 500) return show(elt, "server");
      // Answered: the tap is done (applied, refused or saved before); a new one gets a new id.
      elt.tapPending = null;
      if (failed === elt || !failed || !failed.isConnected) hide();
    });
    xhr.addEventListener("error", () => show(elt, "offline"));
    xhr.addEventListener("timeout", () => show(elt, "timeout"));
  });

  // htmx holds a tap back while another request of its region is on its way (hx-sync
  // "queue") and, once that one has ended, drops it without a word if its element has left the
  // page meanwhile (that request's answer drew the region again). A tap asked for (htmx:confirm)
  // that never went (no htmx:beforeRequest) and whose element is gone is said, so the player
  // taps again on the screen as it now is.
  const heldBack = new Set();
  document.addEventListener("htmx:confirm", (event) => {
    if (event.detail.verb === "post") heldBack.add(event.detail.elt);
  });
  ["htmx:beforeRequest", "htmx:validation:halted", "htmx:abort"].forEach((name) => {
    document.addEventListener(name, (event) => heldBack.delete(event.detail.elt || event.target));
  });
  document.addEventListener("htmx:afterRequest", () => {
    setTimeout(() => {
      heldBack.forEach((elt) => {
        if (elt.isConnected) return;
        heldBack.delete(elt);
        show(null, "moved");
      });
    }, 0);
  });

  // Sends a tap again from what it sent: from the element that answers take the place of.
  function sendAgain(sent) {
    const target = sent.target && document.getElementById(sent.target);
    if (!target || !sent.path || !window.htmx) return false;
    target.tapAgain = sent.tap;
    window.htmx.ajax("POST", sent.path, {
      source: target,
      target,
      swap: sent.swap || "outerHTML",
      values: sent.data,
    });
    return true;
  }

  function tryAgain(button) {
    const elt = failed;
    if (!elt) return hide();
    // A request still on its way (a redraw the live stream asked for, the table's check) may
    // take away what was tapped when it lands, and htmx holds a tap back behind it (hx-sync)
    // only to drop it silently if its form has gone by then: the tap goes once it has ended.
    if (document.querySelector(".htmx-request")) {
      button.disabled = true;
      document.addEventListener("htmx:afterRequest", () => setTimeout(() => tryAgain(button), 0), {
        once: true,
      });
      return;
    }
    const sent = elt.tapSent || {};
    if (elt.isConnected && !sent.again) {
      button.disabled = true;
      if (elt.tagName === "FORM") {
        const submitter = sent.submitter && sent.submitter.isConnected ? sent.submitter : null;
        elt.requestSubmit(submitter);
      } else if (window.htmx) {
        window.htmx.trigger(elt, sent.type || "change");
      }
      return;
    }
    // The screen was drawn again meanwhile: what was tapped is no longer there, but the tap
    // is sent again as it was, and the server says whether it had been saved.
    if (sendAgain(sent)) {
      button.disabled = true;
      return;
    }
    show(null, "moved");
  }

  if (banner) {
    banner.querySelector("button").addEventListener("click", (event) => tryAgain(event.currentTarget));
  }
})();
