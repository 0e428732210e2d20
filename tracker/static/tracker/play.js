// The play screen at the table: it never takes a tap while it may be out of date, and it can
// keep the phone's screen on. Loaded with `defer`; no inline script (Content-Security-Policy).
(() => {
  "use strict";
  const play = document.querySelector(".play[data-version-url]");
  if (!play) return;

  // -- a screen that comes back is checked before it takes a tap ---------------------------
  // Back or Forward from the browser's cache, a phone waking up, a tab brought back: ask the
  // server whether the character has moved on from the version this screen shows. 204 (no
  // body) keeps the screen; anything else loads it again, whole, once.
  let checking = false;

  function shownVersion() {
    const prompt = document.getElementById("play-prompt");
    return prompt ? prompt.dataset.version : "";
  }

  function hold(on) {
    play.inert = on;
    if (on) play.setAttribute("aria-busy", "true");
    else play.removeAttribute("aria-busy");
  }

  async function check() {
    if (checking) return;
    checking = true;
    hold(true);
    try {
      const url = `${play.dataset.versionUrl}&v=${encodeURIComponent(shownVersion())}`;
      const answer = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (answer.status !== 204) {
        window.location.reload();
        return; // stays held until the new page is drawn
      }
    } catch {
      // Offline: the screen stays as it is; the server still refuses a stale tap.
    }
    checking = false;
    hold(false);
  }

  window.addEventListener("pageshow", (event) => {
    if (event.persisted) check();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });

  // -- keep the screen on (the Screen Wake Lock API) -----------------------------------------
  // A phone that locks mid-fight is the commonest annoyance at the table. The switch is
  // remembered on this device; the lock is taken again whenever the page is shown, since the
  // browser lets it go when the page is hidden.
  const awake = play.querySelector("[data-wake-lock]");
  if (!awake || !("wakeLock" in navigator)) return;
  const KEY = "cardrpg.keep-screen-on";
  const button = awake.querySelector("button");
  let sentinel = null;

  function wanted() {
    try {
      return window.localStorage.getItem(KEY) === "on";
    } catch {
      return false; // storage refused (a private window): the switch starts off
    }
  }

  function remember(on) {
    try {
      window.localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // Not remembered on this device; it still works while the page is open.
    }
  }

  function show(on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.querySelector("strong").textContent = on ? button.dataset.on : button.dataset.off;
  }

  async function acquire() {
    if (sentinel || document.visibilityState !== "visible" || button.getAttribute("aria-pressed") !== "true") return;
    try {
      sentinel = await navigator.wakeLock.request("screen");
      sentinel.addEventListener("release", () => {
        sentinel = null;
      });
    } catch {
      sentinel = null; // refused (a battery saver): asked again when the page is shown
    }
  }

  async function release() {
    const held = sentinel;
    sentinel = null;
    if (held) await held.release();
  }

  button.addEventListener("click", () => {
    const on = button.getAttribute("aria-pressed") !== "true";
    remember(on);
    show(on);
    if (on) acquire();
    else release();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") acquire();
  });
  awake.hidden = false;
  show(wanted());
  acquire();
})();
