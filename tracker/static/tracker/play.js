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

  // -- keep the screen on ----------------------------------------------------------------------
  // A phone that locks mid-fight is the commonest annoyance at the table. The switch is
  // remembered on this device; the lock is taken again whenever the page is shown, since the
  // browser lets it go when the page is hidden.
  //
  // The Screen Wake Lock API exists only in a secure context (https, or this computer's own
  // localhost): over the LAN address `make run` prints, a phone has none. There a playing
  // video holds the screen on instead, under each engine's conditions (Blink: a picture on a
  // visible page, and sound, or at least three quarters of the video on screen covering a fifth
  // of the window; Gecko: a picture and an audio track): so the video is muted but carries a
  // silent audio track, fills the window, and is drawn fully transparent behind everything,
  // taking no tap. WebKit (every browser of an iPhone or iPad) holds the screen for no muted
  // or looping video: such a phone is told it can't, and what to do instead.
  const awake = play.querySelector("[data-wake-lock]");
  if (!awake) return;
  const KEY = "cardrpg.keep-screen-on";
  const button = awake.querySelector("button");
  const cannot = awake.querySelector("[data-wake-cannot]");
  const ua = navigator.userAgent;
  const webkitOnly =
    /iPad|iPhone|iPod/.test(ua) ||
    (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1) ||
    (/AppleWebKit/.test(ua) && !/Chrome|Chromium|Android|Edg|OPR|SamsungBrowser/.test(ua));
  const way = "wakeLock" in navigator ? "api" : webkitOnly ? "none" : "video";
  awake.dataset.way = way;
  let sentinel = null;
  let video = null;

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

  function on() {
    return button.getAttribute("aria-pressed") === "true";
  }

  function refuse() {
    // This phone won't hold the screen from here: say so, and what to do instead.
    show(false);
    for (const said of awake.querySelectorAll(".hint")) said.hidden = said !== cannot;
    button.hidden = true;
    cannot.hidden = false;
  }

  // A play refused for want of a tap (a page opened with the switch remembered on) is tried
  // again at the next tap anywhere on the page, the browser's condition for starting a video.
  let retryArmed = false;
  function retryAtNextTap() {
    if (retryArmed) return;
    retryArmed = true;
    document.addEventListener(
      "pointerdown",
      () => {
        retryArmed = false;
        acquire();
      },
      { once: true, capture: true },
    );
  }

  function theVideo() {
    if (video) return video;
    video = document.createElement("video");
    video.className = "awake-video";
    video.src = awake.dataset.video;
    for (const flag of ["muted", "loop", "playsInline", "disableRemotePlayback", "disablePictureInPicture"]) {
      video[flag] = true;
    }
    video.setAttribute("muted", "");
    video.setAttribute("playsinline", "");
    video.setAttribute("aria-hidden", "true");
    video.tabIndex = -1;
    document.body.append(video);
    return video;
  }

  async function acquire() {
    if (document.visibilityState !== "visible" || !on()) return;
    if (way === "api") {
      if (sentinel) return;
      try {
        sentinel = await navigator.wakeLock.request("screen");
        sentinel.addEventListener("release", () => {
          sentinel = null;
        });
      } catch {
        sentinel = null; // refused (a battery saver): asked again when the page is shown
      }
      return;
    }
    if (way !== "video") return;
    const playing = theVideo();
    if (!playing.paused) return;
    try {
      await playing.play();
    } catch (error) {
      if (error && error.name === "NotAllowedError" && !navigator.userActivation?.isActive) {
        retryAtNextTap(); // no tap yet since the page opened
      } else {
        refuse(); // a video can't play here (no decoder, data saver): nothing holds the screen
      }
    }
  }

  async function release() {
    const held = sentinel;
    sentinel = null;
    if (held) await held.release();
    if (video) video.pause();
  }

  awake.hidden = false;
  if (way === "none") {
    refuse();
    return;
  }
  button.addEventListener("click", () => {
    const now = !on();
    remember(now);
    show(now);
    if (now) acquire();
    else release();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") acquire();
  });
  show(wanted());
  acquire();
})();
