// The rank/suit picker of the play screen's several-card entries (the starting hand, the cards
// noted in the hand, an attack), kept in the page: each tap changes the picked list at once, in
// the order the taps come, and nothing the server answers later can change it. The list rides
// along in the form's hidden `picked` inputs, so the attack sends exactly what was tapped.
// Without this script the same form still works through the pick URL (one rank at a time).
// Loaded with `defer`; no inline script (Content-Security-Policy).
(() => {
  "use strict";
  const source = document.getElementById("picker-words");
  if (!source) return;
  const words = JSON.parse(source.textContent);
  const deck = Object.keys(words.cards); // the deck's order: the order the server lists them in
  const JOKERS = ["JK1", "JK2"];

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
  }

  function pickerOf(target) {
    const form = target.closest && target.closest("form[data-picker]");
    return form && document.contains(form) ? form : null;
  }

  function picked(form) {
    return [...form.querySelectorAll("input[type=hidden][name=picked]")].map((input) => input.value);
  }

  function shownRank(form) {
    return form.querySelector("input[type=hidden][name=shown_rank]").value;
  }

  // The whole visible picker drawn from the list and the rank shown: the hidden inputs, the
  // suit boxes of that rank, the legend, the list of picked cards with their "take off" buttons.
  function draw(form, cards, rank) {
    cards = deck.filter((card) => cards.includes(card));
    form.querySelectorAll("input[type=hidden][name=picked]").forEach((input) => input.remove());
    const anchor = form.querySelector("input[type=hidden][name=shown_rank]");
    anchor.value = rank;
    for (const card of cards) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "picked";
      input.value = card;
      anchor.before(input);
    }
    for (const box of form.querySelectorAll("input[name=suits]")) {
      const card = JOKERS.includes(box.value) ? box.value : rank ? rank + box.value : "";
      box.checked = card !== "" && cards.includes(card);
    }
    const legend = form.querySelector("[data-picker-legend]");
    if (legend) legend.textContent = rank ? fill(words.suits_of, { rank }) : words.suits;
    const list = form.querySelector(".picked");
    if (!list) return;
    const head = list.querySelector(".picked-head");
    const target = form.dataset.target;
    head.textContent = target ? fill(words.head_of, { done: cards.length, target }) : words.head;
    head.hidden = cards.length === 0;
    const hint = list.querySelector(".hint");
    if (hint) hint.hidden = cards.length > 0;
    const buttons = list.querySelector(".picked-cards");
    const pickUrl = form.dataset.pickUrl;
    buttons.replaceChildren(
      ...cards.map((card) => {
        const [text, name] = words.cards[card];
        const button = document.createElement("button");
        button.type = "submit";
        button.name = "unpick";
        button.value = card;
        button.className = "unpick";
        button.setAttribute("formaction", pickUrl);
        button.setAttribute("aria-label", fill(words.take_off, { card: name }));
        const cross = document.createElement("span");
        cross.setAttribute("aria-hidden", "true");
        cross.textContent = "×";
        button.append(`${text} `, cross);
        return button;
      }),
    );
  }

  function note(form, text) {
    const said = form.querySelector("[data-picker-note]");
    if (!said) return;
    said.textContent = text;
    said.hidden = !text;
  }

  // Every tap is handled the moment it comes, before the next one: a change event runs to
  // its end before the browser dispatches the next tap.
  document.addEventListener("change", (event) => {
    const box = event.target;
    const form = pickerOf(box);
    if (!form || (box.name !== "rank" && box.name !== "suits")) return;
    const cards = picked(form);
    let rank = shownRank(form);
    note(form, "");
    if (box.name === "rank") {
      rank = box.value;
    } else {
      const card = JOKERS.includes(box.value) ? box.value : rank ? rank + box.value : "";
      if (!card) {
        box.checked = false;
        note(form, words.rank_first);
        return;
      }
      const at = cards.indexOf(card);
      if (box.checked && at < 0) cards.push(card);
      if (!box.checked && at >= 0) cards.splice(at, 1);
    }
    draw(form, cards, rank);
  });

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[name=unpick]");
    const form = button && pickerOf(button);
    if (!form) return;
    event.preventDefault(); // taken off here: no request, so no answer can undo it
    const cards = picked(form).filter((card) => card !== button.value);
    draw(form, cards, shownRank(form));
  });

  // While the form's own answer is on its way, the form takes no tap: the answer draws it
  // again from what was sent, and a tap made meanwhile would vanish with the old form.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = pickerOf(event.detail.elt);
    if (form) form.inert = true;
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const form = pickerOf(event.detail.elt);
    if (form) form.inert = false;
  });
})();
