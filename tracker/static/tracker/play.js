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
})();
