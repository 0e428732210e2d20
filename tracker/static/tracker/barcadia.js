// Heroes of Barcadia: small helpers for the table screen. Everything works without this file
// (links and forms post and reload); with it, a tap on the map opens the right form in place,
// the map keeps this phone's hero in view, and a hidden phone stops asking for changes.
(function () {
  "use strict";

  var centred = "";

  // Keep this phone's hero (or the active one: its name line says so) in the middle of the
  // map when it moves.
  function centreMap() {
    var turn = document.querySelector(".hob-hero-name.active");
    var seat = turn ? turn.id.replace("hob-name-", "") : "";
    document.querySelectorAll(".hob-map-frame").forEach(function (frame) {
      var svg = frame.querySelector("svg");
      var token = frame.querySelector("#hob-tokens .me") ||
        (seat && frame.querySelector('#hob-tokens [href="#ht' + seat + '"]'));
      if (!svg || !token) return;
      var box = svg.viewBox.baseVal;
      var x = Number(token.getAttribute("x")) - box.x;
      var y = Number(token.getAttribute("y")) - box.y;
      var where = x + "," + y;
      if (where === centred) return;
      centred = where;
      frame.scrollLeft = Math.max(0, x - frame.clientWidth / 2);
      frame.scrollTop = Math.max(0, y - frame.clientHeight / 2);
    });
  }

  // Forms of the table posted so far, and those still on their way. A form that stays on the
  // screen after its action was taken (a part kept from one panel to the next: the loot
  // cards) is cleared for the next tap; one whose action was refused keeps what was typed.
  var posted = 0;
  var posting = new Set();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    if (event.detail.requestConfig.verb !== "post" || !elt.closest || !elt.closest(".hob")) return;
    posted += 1;
    posting.add(xhr);
    xhr.addEventListener("loadend", function () { posting.delete(xhr); });
    xhr.hobPosted = { form: elt.closest("form") || elt, version: Number(tableVersion()) };
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var done = event.detail && event.detail.xhr && event.detail.xhr.hobPosted;
    if (!done || done.cleared) return;
    done.cleared = true;
    if (Number(tableVersion()) > done.version && document.body.contains(done.form)) {
      edited(done.form, true);
    }
  });

  // The panel asked for by a tap on the map. It was drawn from the table as it stood then, so
  // it is put in place only if nothing was posted since and the table has not moved on:
  // otherwise it would stand over a newer screen, its form posted as of a version it was not
  // drawn from (and the panel a post is on its way from must stay, for its answer to land).
  var asked = null;
  function tableVersion() {
    var live = document.getElementById("hob-live");
    return live ? live.dataset.version : "";
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    if (!asked || !config || config.path !== asked.path) return;
    var stale = posted !== asked.posted || posting.size > 0 || tableVersion() !== asked.version;
    asked = null;
    if (stale) event.detail.shouldSwap = false;
  });

  // A tap on a lit hex: fetch the actions panel for it instead of loading the page again.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#hob-lit a");
    if (!link || !window.htmx) return;
    event.preventDefault();
    var at = new URLSearchParams((link.getAttribute("href") || "").split("#")[0].slice(1)).get("at") || "";
    var url = window.location.pathname + "?part=actions&at=" + encodeURIComponent(at);
    asked = { path: url, posted: posted, version: tableVersion() };
    window.htmx.ajax("GET", url, { target: "#hob-actions", swap: "outerHTML" }).then(function () {
      var panel = document.getElementById("hob-actions");
      if (panel) {
        panel.scrollIntoView({ block: "start" });
        panel.focus({ preventScroll: true });
      }
    });
  });

  // A phone whose screen is off or in another tab polls only every fourth time (so that its
  // tab's title can say when its turn comes, unless the nudge is off: then not at all); it
  // asks at once on return. A change its live stream tells of is asked for at once.
  var skippedChecks = 0;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var config = event.detail.requestConfig;
    // While the table's live stream is held, live.js keeps the check quiet (data-live-quiet).
    if (window.trackerLive && window.trackerLive.held()) return;
    if (elt && elt.id === "hob-live" && config && config.verb === "get" &&
        !config.triggeringEvent && document.hidden) {
      skippedChecks += 1;
      if (!nudgeOn() || skippedChecks % 4 !== 0) event.preventDefault();
    }
  });
  document.addEventListener("visibilitychange", function () {
    var live = document.getElementById("hob-live");
    if (!document.hidden) markTitle(false);
    if (!document.hidden && live && window.htmx) window.htmx.trigger(live, "hob-wake");
  });

  // "Your turn" on the phone whose turn it is: when the table comes to wait for this phone,
  // it vibrates (where the browser can) and, in the background, the tab's title says so. A
  // phone may switch this off (kept on the phone).
  var NUDGE_KEY = "hob-nudge";
  var plainTitle = document.title;
  var nudged = null;
  function nudgeOn() {
    try { return window.localStorage.getItem(NUDGE_KEY) !== "off"; } catch (e) { return true; }
  }
  function markTitle(on) {
    var box = document.getElementById("hob-nudge");
    var mark = (box && box.dataset.title) || "Your turn";
    document.title = on ? "● " + mark + " · " + plainTitle : plainTitle;
  }
  function nudge() {
    var live = document.getElementById("hob-live");
    if (!live) return;
    var now = live.dataset.nudge || "";
    if (nudged !== null && now && now !== nudged && nudgeOn()) {
      if (navigator.vibrate) navigator.vibrate([150, 80, 150]);
      if (document.hidden) markTitle(true);
      window.dispatchEvent(new CustomEvent("hob-nudge", { detail: now }));
    }
    if (!now) markTitle(false);
    nudged = now;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("hob-nudge");
    if (box) {
      box.checked = nudgeOn();
      box.closest("label").hidden = false;
      box.addEventListener("change", function () {
        try { window.localStorage.setItem(NUDGE_KEY, box.checked ? "on" : "off"); } catch (e) { /* kept for this page only */ }
      });
    }
    nudge();
  });
  document.addEventListener("htmx:afterSettle", nudge);

  // A folded part of the table ("More", "Any modifiers?", the duel, the dungeon in words)
  // fetches what it holds each time it is opened, and again while open after the table
  // changed, unless something was typed in it: what it shows is never older than the table.
  // Whether a field in `box` differs from how it was drawn; with `mend`, each is put back.
  function edited(box, mend) {
    var changed = false;
    box.querySelectorAll("input, select, textarea").forEach(function (field) {
      if (field.type === "radio" || field.type === "checkbox") {
        changed = changed || field.checked !== field.defaultChecked;
        if (mend) field.checked = field.defaultChecked;
      } else if (field.tagName === "SELECT") {
        // A list drawn with no option marked shows its first (one choice) or none (several).
        var marked = Array.prototype.some.call(field.options, function (option) {
          return option.defaultSelected;
        });
        Array.prototype.forEach.call(field.options, function (option, index) {
          var drawn = marked ? option.defaultSelected : !field.multiple && index === 0;
          changed = changed || option.selected !== drawn;
          if (mend) option.selected = drawn;
        });
      } else if (field.type !== "hidden") {
        changed = changed || field.value !== field.defaultValue;
        if (mend) field.value = field.defaultValue;
      }
    });
    return changed;
  }
  function fill(box) {
    var body = box.querySelector(".lazy-body");
    if (!body || !window.htmx) return;
    box.dataset.filled = tableVersion();
    window.htmx.ajax("GET", box.dataset.lazy, { target: body, swap: "innerHTML" });
  }
  // A part drawn with the whole page is as new as the table: opening it asks for nothing.
  function markDrawn() {
    document.querySelectorAll(".hob details[data-lazy]").forEach(function (box) {
      var body = box.querySelector(".lazy-body");
      if (body && body.children.length && !box.dataset.filled) box.dataset.filled = tableVersion();
    });
  }
  document.addEventListener("DOMContentLoaded", markDrawn);
  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (box.matches && box.matches("details[data-lazy]") && box.open &&
        box.dataset.filled !== tableVersion()) fill(box);
  }, true);
  // What a part brings when it comes is put in place only if nothing was typed in the part
  // meanwhile: a player who typed before it came keeps what they typed (the form they typed
  // into posts the newest version the phone holds, and the server says if it no longer fits).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var box = target && target.classList && target.classList.contains("lazy-body") &&
      target.closest("details[data-lazy]");
    if (!box || !event.detail.shouldSwap) return;
    if (edited(box, false)) {
      event.detail.shouldSwap = false;
      delete box.dataset.filled;
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll(".hob details[data-lazy][open]").forEach(function (box) {
      if (box.dataset.filled !== tableVersion() && !edited(box, false)) fill(box);
    });
  });

  // Each request from the table says what this phone shows: the fingerprint of each region
  // (the answer then carries only the regions that differ), and, with a form, the newest
  // version the phone holds. A form left in place by an answer is the same as the one the
  // server draws at that version (its fingerprint said so), so it is sent as of that version;
  // a swapped-in form carries no version of its own (nor a CSRF token: htmx sends it as a
  // header). A tap sent again (its answer lost) keeps the version it was first sent at.
  document.addEventListener("htmx:configRequest", function (event) {
    var live = document.getElementById("hob-live");
    var elt = event.detail.elt;
    if (!live || !elt || !elt.closest || !elt.closest(".hob")) return;
    var seen = [];
    document.querySelectorAll(".hob [data-fp]").forEach(function (region) {
      seen.push(region.id + ":" + region.dataset.fp);
    });
    var aside = document.getElementById("hob-stash");
    if (aside && aside.content) {
      aside.content.querySelectorAll("[data-fp]").forEach(function (part) {
        seen.push(part.id + ":" + part.dataset.fp);
      });
    }
    event.detail.headers["X-Hob-Seen"] = seen.join(" ");
    var data = event.detail.formData;
    var held = Number(live.dataset.version);
    var again = event.detail.headers["X-Tap-Again"];
    if (event.detail.verb === "post" && data && !again && !(Number(data.get("version")) >= held)) {
      data.set("version", String(held));
    }
  });

  // An answer for a live head that another answer has replaced meanwhile is dropped: it was
  // measured against what the phone showed before, and the next check brings any change. So
  // is a check's answer when the table on the screen moved on since the check was sent, or a
  // tap is on its way: the tap's answer (with what it says, e.g. "saved already") is newer.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "hob-live" && event.detail.requestConfig.verb === "get") {
      event.detail.xhr.hobCheckedAt = tableVersion();
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "hob-live" && !document.body.contains(target)) {
      event.detail.shouldSwap = false;
    }
    var checkedAt = event.detail.xhr && event.detail.xhr.hobCheckedAt;
    if (checkedAt !== undefined && (checkedAt !== tableVersion() || posting.size > 0)) {
      event.detail.shouldSwap = false;
    }
  });

  // The answer to a form that left the page while it was on its way: htmx would read how to
  // swap it from where the form was, find nothing there and nest the answer inside the live
  // head, its regions unplaced. It is put in place as every answer of the table is.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail.elt;
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || target.id !== "hob-live") return;
    if (!document.body.contains(target) || !elt || document.body.contains(elt)) return;
    event.detail.shouldSwap = false;
    window.htmx.swap(target, event.detail.serverResponse, {
      swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0
    });
  });

  // The parts of the actions panel that stay the same from one panel to the next (regions
  // within #hob-actions: tracker.barcadia.regions) are kept aside when a panel leaves them
  // out, in a <template> (out of the page: nothing finds them there), so that the next panel
  // that has them asks for none of their markup again: the server sends a stand-in, which
  // the part kept aside takes the place of. They are kept as drawn: what was typed in them
  // is cleared, a folded part folded again.
  function stash() {
    var box = document.getElementById("hob-stash");
    var table = document.querySelector(".hob");
    if (!box && table) {
      box = document.createElement("template");
      box.id = "hob-stash";
      table.appendChild(box);
    }
    return box;
  }
  function cleared(part) {
    edited(part, true);
    if (part.tagName === "DETAILS") part.open = false;
    part.querySelectorAll("details[open]").forEach(function (folded) { folded.open = false; });
    return part;
  }
  function keepLeftOut(panel, incoming) {
    var box = stash();
    if (!box) return;
    var kept = box.content;
    incoming.querySelectorAll("[id]").forEach(function (there) {
      var part = kept.getElementById(there.id);
      if (!part || part.parentNode !== kept) return;  // a part kept, not something within one
      // A stand-in for a part kept aside takes it back; a part drawn anew replaces it.
      if (there.hasAttribute("hx-preserve") && !panel.querySelector("#" + there.id)) {
        there.replaceWith(part);
      } else {
        part.remove();
      }
    });
    panel.querySelectorAll("[data-fp][id]").forEach(function (part) {
      if (part.parentElement.closest("[data-fp]") !== panel) return;  // within a part: kept with it
      if (!incoming.querySelector("#" + part.id)) kept.appendChild(cleared(part));
    });
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "hob-actions" && event.detail.fragment) {
      keepLeftOut(target, event.detail.fragment);
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || target.id !== "hob-actions") return;
    var incoming = document.createElement("template");
    incoming.innerHTML = event.detail.serverResponse;
    keepLeftOut(target, incoming.content);
  });

  // Typing in a form when another phone changes the table: what was typed or chosen comes
  // back into the same form once the table is redrawn (only the version moves on).
  var skipped = { version: true, csrfmiddlewaretoken: true };
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "hob-live" || event.detail.requestConfig.verb !== "get") return;
    // Nothing to bring back when nothing is swapped (a check answered 204, an answer dropped):
    // left waiting, it would bring old values back into the next answer's forms.
    if (!event.detail.shouldSwap) return;
    var active = document.activeElement;
    var table = target.closest(".hob");
    if (!active || !table || !table.contains(active) || !active.form) return;
    var form = active.form;
    var kept = [];
    new FormData(form).forEach(function (value, name) {
      if (!skipped[name]) kept.push([name, value]);
    });
    var action = form.getAttribute("action");
    var focused = active.name;
    document.addEventListener("htmx:afterSettle", function restore() {
      document.removeEventListener("htmx:afterSettle", restore);
      var again = document.querySelector('.hob form[action="' + action + '"]');
      if (!again) return;
      kept.forEach(function (pair) {
        again.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (box) {
          if (box.type === "radio" || box.type === "checkbox") {
            box.checked = box.value === pair[1];
          } else if (box.tagName === "SELECT" || box.type !== "hidden") {
            box.value = pair[1];
          }
        });
      });
      var box = focused && again.querySelector('[name="' + focused + '"]');
      if (box) box.focus({ preventScroll: true });
    });
  });

  // A phone whose seat the host freed is told so (403) in the whole table's place, rather
  // than left looking frozen or showing a table it no longer sits at; with the live head gone
  // its check and its stream stop.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 403 && /data-testid="seat-lost"/.test(xhr.responseText || "")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
      event.detail.target = document.querySelector(".hob") || event.detail.target;
      event.detail.swapOverride = "outerHTML";
      // What the page said when it was drawn ("You sit as Bo.") is no longer true.
      var said = document.getElementById("page-messages");
      if (said) said.replaceChildren();
    }
  });

  document.addEventListener("DOMContentLoaded", centreMap);
  document.addEventListener("htmx:afterSettle", centreMap);
})();
