// Live updates: a screen that shows a record follows it over one held connection (server-sent
// events, tracker/core/live.py) and hears at once when another phone or screen changes it.
//
// The page's element with data-live (its stream's address) is asked to redraw by a
// "live-changed" event; it fetches what changed on this phone through the same guards as
// any answer (its hx-get and hx-trigger). Its data-version (or that of the element named by
// data-version-of) is the version shown. While the stream is held, window.trackerLive.held()
// is true and the page's own checks (data-live-quiet: Barcadia's every 1.5 s, Card RPG's table
// strip every 2 s) stay quiet; when it can't be held
// (offline, a server restart, a proxy that buffers, the stream refused) the check goes on as
// before and the stream is tried again, waiting longer each time.
(function () {
  "use strict";

  var source = null;
  var held = false;
  var wait = 1000;          // before the next try; doubled up to MOST_WAIT
  var MOST_WAIT = 30000;
  var HELLO_WITHIN = 5000;  // a stream silent this long after opening is buffered somewhere
  var QUIET_AT_MOST = 100000; // the server pings every 40 s: silence past this is a dead line
  var lastHeard = 0;
  var retryTimer = null;
  var helloTimer = null;
  var heard = 0;            // the newest version the stream told of
  var inFlight = 0;         // this phone's taps on their way

  function box() { return document.querySelector("[data-live]"); }
  function shown() {
    var live = box();
    if (!live) return 0;
    var of = live.dataset.versionOf && document.getElementById(live.dataset.versionOf);
    return Number((of || live).dataset.version || 0);
  }
  function mark(state) {
    document.documentElement.dataset.liveState = state;
  }

  // Redraw when the stream told of a version newer than the screen shows, unless a tap of this
  // phone is on its way: its answer is newer than anything asked now (often it is that very
  // version, this phone's own change), and a change still unseen once it lands is asked then.
  function redraw(always) {
    var live = box();
    if (!live || !window.htmx || inFlight > 0) return;
    if (!always && heard <= shown()) return;
    if (!always && edited(live)) {
      // The player is halfway through a tap (a chip chosen, a card typed): the screen is not
      // pulled from under them. Their tap goes as drawn (the server applies it if what it
      // answers is still asked, else redraws the screen saying why); otherwise, once they
      // leave it, the screen is redrawn.
      clearTimeout(editTimer);
      editTimer = setTimeout(function () { redraw(false); }, 1000);
      return;
    }
    window.htmx.trigger(live, "live-changed");
  }
  var editTimer = null;
  // Whether the region a live element redraws (data-live-keeps-edits: its selector) holds a
  // field the player changed from how it was drawn.
  function edited(live) {
    var where = live.dataset.liveKeepsEdits && document.querySelector(live.dataset.liveKeepsEdits);
    if (!where) return false;
    return Array.prototype.some.call(where.querySelectorAll("input, select, textarea"), function (field) {
      if (field.type === "hidden" || field.type === "submit") return false;
      if (field.type === "radio" || field.type === "checkbox") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; }) &&
          Array.prototype.some.call(field.options, function (o) { return o.defaultSelected; });
      }
      return field.value !== field.defaultValue;
    });
  }
  // A change reaches every phone of a table in the same instant: each waits a moment drawn
  // between 0 and SPREAD ms before it asks, so the table's phones don't all ask the server at
  // once (nor while it is still answering the phone that made the change, whose answer goes
  // first). A change told of meanwhile is fetched by the same ask.
  var SPREAD = 150;
  var spreadTimer = null;
  function told(version) {
    heard = Math.max(heard, Number(version) || 0);
    if (spreadTimer !== null || heard <= shown()) return;
    spreadTimer = setTimeout(function () {
      spreadTimer = null;
      redraw(false);
    }, Math.random() * SPREAD);
  }

  // What else the screen shows changed (Card RPG's table strip: another character at the
  // table, or the table itself): its elements that listen for "live-nearby" ask, spread as
  // the redraws are.
  var nearbyTimer = null;
  function nearby() {
    if (nearbyTimer !== null || !window.htmx) return;
    nearbyTimer = setTimeout(function () {
      nearbyTimer = null;
      window.htmx.trigger(document.body, "live-nearby");
    }, Math.random() * SPREAD);
  }

  function stop() {
    held = false;
    if (source) { source.close(); source = null; }
    clearTimeout(helloTimer);
  }

  function later() {
    stop();
    mark("asking");
    clearTimeout(retryTimer);
    var jitter = Math.random() * 0.3 * wait;
    retryTimer = setTimeout(open, wait + jitter);
    wait = Math.min(wait * 2, MOST_WAIT);
  }

  function open() {
    var live = box();
    if (!live || !window.EventSource) return;
    stop();
    clearTimeout(retryTimer);
    var url = live.dataset.live + "?v=" + shown();
    source = new EventSource(url);
    helloTimer = setTimeout(later, HELLO_WITHIN);
    source.addEventListener("hello", function (event) {
      clearTimeout(helloTimer);
      held = true;
      wait = 1000;
      lastHeard = Date.now();
      mark("held");
      // Anything missed while the stream was down: the record's version now (the server also
      // says "changed" at once if it moved past ?v=); what else the screen shows is asked
      // for once, as it may have moved before the stream was held.
      told(event.data);
      nearby();
    });
    source.addEventListener("nearby", function () {
      lastHeard = Date.now();
      nearby();
    });
    source.addEventListener("changed", function (event) {
      lastHeard = Date.now();
      told(event.data);
    });
    source.addEventListener("ping", function () { lastHeard = Date.now(); });
    source.addEventListener("gone", function () {
      // This phone follows the record no more (its seat freed, the record deleted): the
      // page's check says why, and the stream is not tried again.
      stop();
      mark("gone");
      redraw(true);
    });
    source.onerror = function () {
      // Refused outright (403, 404, 429) or cut: the page's check takes over for now.
      if (source && source.readyState === EventSource.CLOSED) {
        later();
      } else {
        held = false;
        mark("asking");
        // The browser tries again by itself; a stream that stays down is tried with backoff.
        clearTimeout(helloTimer);
        helloTimer = setTimeout(later, HELLO_WITHIN);
      }
    };
  }

  // A line gone quiet (a phone asleep, a NAT that forgot the connection) is opened again.
  setInterval(function () {
    if (held && Date.now() - lastHeard > QUIET_AT_MOST) later();
  }, 10000);

  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb !== "get") {
      inFlight += 1;
      event.detail.xhr.addEventListener("loadend", function () {
        inFlight = Math.max(0, inFlight - 1);
        // After the answer is in place (htmx swaps it as the request loads, before this).
        if (inFlight === 0) setTimeout(function () { redraw(false); }, 0);
      });
    }
  });
  // A redraw asked for a version the screen has since gone past (a tap's answer came first)
  // is dropped: it would take the screen back.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var live = box();
    var config = event.detail.requestConfig;
    // Only the live element's own asks: a tap sent again from it is a tap (Barcadia's).
    if (live && event.detail.elt === live && config && config.verb === "get") {
      event.detail.xhr.liveShown = shown();
      event.detail.xhr.liveHeard = heard;
    }
  });
  // So is one whose target another answer has replaced meanwhile (two redraws on their way
  // at once): put in the detached element, its out-of-band parts would find nothing to take
  // the place of. And so is one that lands while a tap of this phone is on its way (sent
  // after the redraw was asked, e.g. "Try again" after a lost answer): the tap's answer is
  // newer, and it would go into the region the redraw took away, unseen. Either way, if the
  // screen is still behind, it asks again once the tap is answered.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.liveShown === undefined) return;
    var target = event.detail.target;
    if (shown() !== xhr.liveShown || (target && !target.isConnected) || inFlight > 0) {
      event.detail.shouldSwap = false;
      xhr.liveDropped = true;
    }
  });
  // After a redraw that was dropped, or while which a newer change was told (htmx drops an
  // ask while one is on its way, hx-sync, and this answer may be older than that change): the
  // screen still behind asks again. Not after any other: an answer that could not bring the
  // change (the database busy, a server error) is not asked again in a loop.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.liveShown === undefined) return;
    if (xhr.liveDropped || heard > xhr.liveHeard) setTimeout(function () { redraw(false); }, 0);
  });

  // An element that checks by itself now and then (data-live-quiet: a poll, which htmx sends
  // with no triggering event) keeps quiet while the stream is held: the stream tells of what
  // it checks for.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var config = event.detail.requestConfig;
    if (held && elt && elt.hasAttribute && elt.hasAttribute("data-live-quiet") &&
        config && config.verb === "get" && !config.triggeringEvent) {
      event.preventDefault();
    }
  });

  // While the stream is held, the page's requests say so (tracker/core/live.py HELD_HEADER):
  // a view that would reload the whole screen when its record moved (Card RPG's table strip)
  // leaves the redraw to the stream, which may be a moment behind it.
  document.addEventListener("htmx:configRequest", function (event) {
    if (held) event.detail.headers["X-Live-Held"] = "1";
  });

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !held && box()) open();
  });
  window.addEventListener("online", function () { if (!held && box()) open(); });
  window.addEventListener("offline", function () { if (held) later(); });
  window.addEventListener("pagehide", stop);
  document.addEventListener("DOMContentLoaded", function () { if (box()) open(); });

  window.trackerLive = { held: function () { return held; } };
})();
