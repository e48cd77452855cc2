// The live page ("Can I play this?", docs/live.md): the reference engine in the browser.
// Pyodide and the engine (millebornes.zip) are served by this site, from the folder
// MB_LIVE_RUNTIME names (docs/_ext/millebornes_live.py); nothing comes from the network.
// The Python side is millebornes.apps.live.Table: every call answers a JSON text.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const french = document.documentElement.lang === "fr";
  const words = {
    loading: ["Loading the engine…", "Chargement du moteur…"],
    ready: ["Engine ready", "Moteur prêt"],
    failed: ["The engine could not start: ", "Le moteur n'a pas pu démarrer : "],
    legal: ["Legal: ", "Permis : "],
    refused: ["Refused: ", "Refusé : "],
    breaks: ["it breaks", "il enfreint"],
    none: ["no move to make here", "aucun coup à jouer ici"],
    verdictLegal: ["Every move of the game is legal", "Tous les coups de la partie sont permis"],
    verdictIllegal: ["Illegal move at line ", "Coup interdit à la ligne "],
    choose: ["Choose: ", "Choisissez : "],
    noOptions: ["no options", "aucune option"],
    teams: [" teams", " équipes"],
  };
  const say = (key) => words[key][french ? 1 : 0];
  let table = null;

  function status(text) {
    $("mb-live-status").textContent = text;
  }

  function translateLabels() {
    if (!french) return;
    for (const node of document.querySelectorAll("#mb-live [data-fr]")) {
      node.textContent = node.dataset.fr;
    }
  }

  function call(method, ...args) {
    const answer = JSON.parse(table[method](...args));
    if (answer.error) {
      showAnswer("error", answer.error, []);
      return null;
    }
    return answer;
  }

  function ruleLinks(rules) {
    const list = document.createElement("ul");
    for (const rule of rules) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = rule.link;
      link.className = "mb-live-rule";
      link.textContent = rule.id;
      item.append(link, ": " + rule.statement);
      list.append(item);
    }
    return list;
  }

  function showAnswer(kind, text, rules) {
    const box = $("mb-live-answer");
    box.className = "mb-live-answer mb-live-" + kind;
    box.replaceChildren(document.createTextNode(text));
    if (rules.length) box.append(ruleLinks(rules));
  }

  function show(view) {
    $("mb-live-game").hidden = false;
    $("mb-live-made").replaceChildren(...view.moves_made.map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    $("mb-live-table").textContent = view.table.join("\n");
    $("mb-live-sheet").hidden = !view.score_sheet.length;
    $("mb-live-sheet").textContent = view.score_sheet.join("\n");
    $("mb-live-next").hidden = !view.round_over;
    const moves = view.your_turn ? view.legal_moves : [];
    $("mb-live-moves").replaceChildren(...moves.map((move, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mb-live-pick";
      button.textContent = move.text;
      if (move.action) button.title = JSON.stringify(move.action);
      button.addEventListener("click", () => act("pick", index));
      item.append(button);
      return item;
    }));
    if (!moves.length) {
      const item = document.createElement("li");
      item.textContent = say("none") + " (" + view.whose_move + ")";
      $("mb-live-moves").append(item);
    }
    $("mb-live-move").title = view.help || "";
    // Against the bot the state (every hand) is not given: nothing to copy then.
    $("mb-live").dataset.state = view.state || "";
    $("mb-live-copy").disabled = !view.state;
    if (view.choose) showChoices(view.choose);
  }

  // A move whose detail is chosen after (Fun & Speed's Police: its cards, once the hand is seen).
  function showChoices(choose) {
    const box = $("mb-live-answer");
    box.className = "mb-live-answer mb-live-info";
    const list = document.createElement("ol");
    choose.moves.forEach((text, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mb-live-choice";
      button.textContent = text;
      button.addEventListener("click", () => act("choose", index));
      item.append(button);
      list.append(item);
    });
    box.replaceChildren(document.createTextNode(say("choose") + choose.text), list);
  }

  function act(method, ...args) {
    const view = call(method, ...args);
    if (!view) return;
    if (view.legal === false) {
      showAnswer("illegal", say("refused") + view.move + " — " + say("breaks") + ":", view.rules);
    } else if (view.legal === true) {
      showAnswer("legal", say("legal") + view.moves_made[0], []);
    } else {
      showAnswer("info", "", []);
    }
    show(view);
  }

  function referee() {
    const answer = call("referee", $("mb-live-text").value);
    if (!answer) return;
    const verdict = answer.verdict;
    if (verdict.verdict === "legal") {
      showAnswer("legal", say("verdictLegal") + " (" + verdict.legal_moves + ")", []);
    } else {
      showAnswer("illegal", say("verdictIllegal") + verdict.line + ": " + verdict.move +
                 " — " + say("breaks") + ":", verdict.rules);
    }
    show(answer);
  }

  // The editions, their seat counts and options come from the engine
  // (millebornes.apps.live.editions, i.e. millebornes.editions()).
  function fillEditions(editions) {
    const edition = $("mb-live-edition");
    const players = $("mb-live-players");
    const options = $("mb-live-options");
    edition.replaceChildren(...editions.map((e) => new Option(e.title, e.id, false, e.id === "classic")));
    const seats = () => {
      const chosen = editions.find((e) => e.id === edition.value);
      players.replaceChildren(...chosen.seats.map((row) => new Option(
        row.players + (row.teams !== row.players ? " (" + row.teams + say("teams") + ")" : ""),
        String(row.players))));
      options.replaceChildren(...chosen.options.map((name) => {
        const label = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.className = "mb-live-option";
        box.value = name;
        label.append(box, " " + name);
        return label;
      }));
      if (!chosen.options.length) options.textContent = say("noOptions");
    };
    edition.addEventListener("change", seats);
    seats();
  }

  function wire() {
    const chosenOptions = () => Array.from(
      document.querySelectorAll("#mb-live-options .mb-live-option:checked")).map((box) => box.value);
    $("mb-live-deal").addEventListener("click", () => act(
      "start", $("mb-live-edition").value, Number($("mb-live-players").value),
      Number($("mb-live-seed").value || 0), $("mb-live-bot").checked, chosenOptions().join(",")));
    $("mb-live-try").addEventListener("submit", (event) => {
      event.preventDefault();
      act("try_move", $("mb-live-move").value);
    });
    $("mb-live-next").addEventListener("click", () => act("next_round"));
    $("mb-live-load").addEventListener("click", () => act("load", $("mb-live-text").value));
    $("mb-live-referee").addEventListener("click", referee);
    $("mb-live-copy").addEventListener("click", () => {
      $("mb-live-text").value = $("mb-live").dataset.state || "";
    });
  }

  async function start() {
    translateLabels();
    status(say("loading"));
    const begun = performance.now();
    const pyodide = await window.mbLoadEngine();  // docs/_static/live/engine.js
    const live = pyodide.pyimport("millebornes.apps.live");
    table = live.Table();
    fillEditions(JSON.parse(live.editions()));
    wire();
    for (const id of ["mb-live-setup", "mb-live-load", "mb-live-referee", "mb-live-copy"]) {
      $(id).disabled = false;
    }
    const seconds = (performance.now() - begun) / 1000;
    $("mb-live").dataset.readyMs = String(Math.round(performance.now()));
    status(say("ready") + " (" + seconds.toFixed(1) + " s)");
  }

  document.addEventListener("DOMContentLoaded", () => {
    start().catch((error) => status(say("failed") + error.message));
  });
})();
