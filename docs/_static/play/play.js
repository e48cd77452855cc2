// The Play page (docs/play.md): a game against the engine's bots, drawn as cards.
// The engine runs in the page (Pyodide, the same runtime as the live page: MB_LIVE_RUNTIME).
// Its side is millebornes.apps.play_table.PlayTable: every call answers a JSON text, and a
// move is named by its number in the engine's list of legal actions, so this script never
// decides what is legal: it draws what the view says and sends back the number clicked.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const french = document.documentElement.lang === "fr";
  const WORDS = {
    loading: ["Loading the engine…", "Chargement du moteur…"],
    ready: ["Engine ready", "Moteur prêt"],
    failed: ["The engine could not start: ", "Le moteur n'a pas pu démarrer : "],
    newGame: ["New game", "Nouvelle partie"],
    edition: ["Rule set", "Règle du jeu"],
    players: ["Players", "Joueurs"],
    seat: ["Your seat", "Votre place"],
    bot: ["Bot", "Robot"],
    seed: ["Seed", "Graine"],
    speed: ["Bots' speed", "Vitesse des robots"],
    instant: ["instant", "immédiate"],
    fast: ["fast", "rapide"],
    slow: ["slow", "lente"],
    deal: ["Deal", "Distribuer"],
    nextRound: ["Next round", "Manche suivante"],
    log: ["What happened", "Ce qui s'est passé"],
    records: ["Records: download, replay, referee", "Parties enregistrées : télécharger, rejouer, arbitrer"],
    download: ["Download this game (transcript)", "Télécharger cette partie (relevé)"],
    file: ["Transcript file", "Fichier de relevé"],
    replay: ["Replay", "Rejouer"],
    step: ["Next move", "Coup suivant"],
    referee: ["Referee", "Arbitrer"],
    team: ["Team ", "Équipe "],
    seatN: ["Seat ", "Place "],
    you: ["you", "vous"],
    seats: ["seats ", "places "],
    battle: ["battle", "bataille"],
    speedPile: ["speed", "vitesse"],
    distance: ["distance", "distance"],
    safeties: ["safeties", "bottes"],
    drawPile: ["draw pile", "pioche"],
    discard: ["discard pile", "défausse"],
    cards: [" cards", " cartes"],
    match: ["match ", "partie "],
    goal: ["goal ", "but "],
    round: ["round ", "manche "],
    cannot: ["This card cannot be played now: ", "Cette carte ne peut pas être jouée maintenant : "],
    breaks: ["it breaks", "elle enfreint"],
    refused: ["Refused: ", "Refusé : "],
    pick: ["Choose where: ", "Choisissez : "],
    chooseTarget: ["Now choose where it goes (lit places).", "Choisissez maintenant où la poser (places éclairées)."],
    pass: ["Pass", "Passer"],
    seconds: [" s left", " s restantes"],
    your: ["Your turn", "À vous"],
    wait: ["Waiting: ", "En attente : "],
    attack: ["attack", "attaque"],
    radar: ["Radar", "Radar"],
    bornes: ["Bornes", "Bornes"],
    km: [" km", " km"],
    hand: [" in hand", " en main"],
    limit: ["Limit token", "jeton Limite"],
    free: ["free", "libre"],
    sheet: ["Score sheet", "Feuille de marque"],
    total: ["round", "manche"],
    winner: ["Winner: ", "Vainqueur : "],
    verdictLegal: ["Every move of the game is legal", "Tous les coups de la partie sont permis"],
    verdictIllegal: ["Illegal move at line ", "Coup interdit à la ligne "],
    line: ["line ", "ligne "],
    replayDone: ["End of the transcript", "Fin du relevé"],
    shortcut: ["shortcut", "raccourci"],
    plays: ["plays left: ", "coups restants : "],
    noOptions: ["", ""],
    teams: [" teams", " équipes"],
  };
  const say = (key) => WORDS[key][french ? 1 : 0];
  const COLOURS = {
    distance: "#1d5fa8", hazard: "#c62828", attack: "#c62828", remedy: "#2e7d32",
    safety: "#8e6b00", special: "#6a3fa0", memo: "#555",
  };
  const SYMBOLS = {hazard: "⚠", attack: "⚠", remedy: "✚", safety: "★", special: "✦", memo: "?"};
  const PROMPT_SECONDS = 20;
  const HOPS_PER_MOVE = 4;
  // A car's hop from square to square takes this share of the bots' speed setting.
  let squareAt = new Map();  // an As du Volant square's ID -> where a car stands on it
  let table = null;
  let view = null;
  let selected = null;
  let countdown = null;
  let busy = false;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    node.append(...children.filter((c) => c !== null && c !== undefined));
    return node;
  }

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- cards, drawn by us: a coloured rounded rectangle, a symbol, the card's names -------
  function cardName(card) {
    return french ? card.fr : card.fr + (card.en && card.en !== card.fr ? " · " + card.en : "");
  }

  function lines(text, width) {
    const out = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      if (line && (line + " " + word).length > width) { out.push(line); line = word; }
      else line = line ? line + " " + word : word;
    }
    if (line) out.push(line);
    return out.slice(0, 4);
  }

  function cardSvg(card, options) {
    const opts = options || {};
    const w = opts.small ? 46 : 70;
    const h = opts.small ? 64 : 100;
    const box = svg("svg", {viewBox: "0 0 70 100", width: w, height: h, class: "mb-play-card-svg",
                            role: "img", "aria-label": cardName(card)});
    const colour = COLOURS[card.kind] || "#444";
    box.append(svg("rect", {x: 2, y: 2, width: 66, height: 96, rx: 8, fill: "#fff",
                            stroke: colour, "stroke-width": 3}));
    box.append(svg("rect", {x: 6, y: 6, width: 58, height: 30, rx: 5, fill: colour}));
    const big = card.kind === "distance" ? card.id.replace("D", "") : (SYMBOLS[card.kind] || "•");
    box.append(svg("text", {x: 35, y: 29, "text-anchor": "middle", fill: "#fff",
                            "font-size": card.kind === "distance" ? 20 : 22,
                            "font-weight": "bold"}, big));
    lines(french ? card.fr : card.fr, 13).forEach((text, i) => {
      box.append(svg("text", {x: 35, y: 50 + i * 11, "text-anchor": "middle", fill: "#111",
                              "font-size": 9.5}, text));
    });
    if (!french && card.en && card.en !== card.fr) {
      box.append(svg("text", {x: 35, y: 94, "text-anchor": "middle", fill: "#555",
                              "font-size": 8}, card.en.slice(0, 16)));
    }
    if (opts.sideways) box.setAttribute("class", "mb-play-card-svg mb-play-sideways");
    return box;
  }

  function cardOrBlank(card, label) {
    const holder = el("div", {class: "mb-play-slot"});
    holder.append(card ? cardSvg(card, {small: true}) : el("div", {class: "mb-play-empty", text: "—"}));
    holder.append(el("div", {class: "mb-play-slot-label", text: label}));
    return holder;
  }

  // --- calling the engine ------------------------------------------------------------------
  function call(method, ...args) {
    const answer = JSON.parse(table[method](...args));
    if (answer.error) {
      showAnswer("error", answer.error, []);
      return null;
    }
    return answer;
  }

  function ruleList(rules) {
    const list = el("ul", {class: "mb-play-rules"});
    for (const rule of rules) {
      list.append(el("li", {}, el("a", {href: rule.link, class: "mb-play-rule", text: rule.id}),
                     ": " + rule.statement));
    }
    return list;
  }

  function showAnswer(kind, text, rules) {
    const box = $("mb-play-answer");
    box.className = "mb-play-answer mb-play-" + kind;
    box.replaceChildren(document.createTextNode(text));
    if (rules && rules.length) box.append(ruleList(rules));
  }

  // A move made (or a game dealt): the bots' answers appear one by one at the chosen speed,
  // then the table is drawn as it now stands.
  function act(method, ...args) {
    if (busy) return;
    const begun = performance.now();
    const answer = call(method, ...args);
    if (!answer) return;
    if (answer.legal === false) {
      const where = answer.line ? say("verdictIllegal") + answer.line + ": " : say("refused");
      showAnswer("illegal", where + answer.move + " — " + say("breaks") + ":", answer.rules);
    } else if (method !== "try_card") {
      showAnswer("info", "", []);
    }
    if (answer.verdict) showVerdict(answer.verdict);
    if (answer.replay_done) showAnswer("info", say("replayDone"), []);
    const delay = Number($("mb-play-speed").value || 0);
    reveal(answer.log || [], answer.routes || [], delay, () => {
      draw(answer);
      $("mb-play").dataset.drawMs = String(performance.now() - begun);
      $("mb-play").dataset.moves = String(answer.moves_made);
    });
  }

  // The log lines one by one; a line that moved an As du Volant car moves it on the track
  // square by square along the route the engine gives (routes[].log is the line's number),
  // unless the speed is "instant" or the reader asks for reduced motion.
  function reveal(entries, routes, delay, done) {
    const log = $("mb-play-log");
    if (!delay) {
      for (const text of entries) log.prepend(el("li", {text}));
      done();
      return;
    }
    setBusy(true);
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let i = 0;
    const next = () => {
      if (i >= entries.length) { setBusy(false); done(); return; }
      const index = i++;
      log.prepend(el("li", {text: entries[index]}));
      const route = routes.find((r) => r.log === index);
      if (route && !still) drive(route, delay / HOPS_PER_MOVE, () => setTimeout(next, delay));
      else setTimeout(next, delay);
    };
    next();
  }

  function setBusy(value) {
    busy = value;
    if (value) $("mb-play").dataset.busy = "1";
    else delete $("mb-play").dataset.busy;
  }

  // One car along its route: a hop per square, each square shown.
  function drive(route, step, then) {
    const car = document.querySelector('#mb-play-table g.mb-play-car[data-seat="' + route.seat + '"]');
    if (!car) { then(); return; }
    let k = 0;
    const hop = () => {
      if (k >= route.squares.length) { then(); return; }
      const square = route.squares[k++];
      const at = squareAt.get(square);
      if (at) {
        car.setAttribute("transform", "translate(" + at.x + " " + at.y + ")");
        car.dataset.square = String(square);
      }
      setTimeout(hop, step);
    };
    hop();
  }

  function showVerdict(verdict) {
    if (verdict.verdict === "legal") {
      showAnswer("legal", say("verdictLegal") + " (" + verdict.legal_moves + ")", []);
    } else {
      showAnswer("illegal", say("verdictIllegal") + verdict.line + ": " + verdict.move + " — " +
                 say("breaks") + ":", verdict.rules);
    }
  }

  // --- drawing the table ----------------------------------------------------------------------
  function draw(next) {
    view = next;
    selected = null;
    $("mb-play-game").hidden = false;
    const mine = view.actor !== null && view.actor === view.you && !view.replay;
    $("mb-play-whose").textContent = (mine ? say("your") + " — " : say("wait")) + view.whose_move;
    const area = $("mb-play-table");
    area.replaceChildren(piles(view.table));
    if (view.family === "classic") area.append(...view.table.teams.map(classicTeam));
    else if (view.family === "fun-speed") area.append(...view.table.zones.map(zone));
    else area.append(track(view.table), ...view.table.cars.map(car));
    drawHand();
    drawButtons();
    drawPrompt();
    drawScore();
    $("mb-play-next").hidden = !view.round_over || !!view.replay;
    $("mb-play").dataset.over = view.game_over ? "game" : "";  // the game (a whole match) is won
    $("mb-play-step").disabled = !view.replay;
    // The transcript grows with every move: it is written out when it is asked for (the
    // link clicked, the records opened) and at the end of a game or round.
    if (view.game_over || view.round_over || $("mb-play-records").open) refreshDownload();
    $("mb-play-download").hidden = false;
  }

  function target(node, key) {
    node.dataset.target = key;
    node.classList.add("mb-play-target");
    return node;
  }

  function seatLabel(seat) {
    const info = view.seats[seat];
    return say("seatN") + seat + " (" + (info.who === "you" ? say("you") : info.who) + ")";
  }

  function piles(t) {
    const row = el("div", {class: "mb-play-piles"});
    const draw = el("div", {class: "mb-play-slot"},
                    el("div", {class: "mb-play-back", text: String(t.draw_pile)}),
                    el("div", {class: "mb-play-slot-label", text: say("drawPile")}));
    const discard = target(cardOrBlank(t.discard_top, say("discard") + " (" + t.discard_size + ")"),
                           "discard");
    row.append(draw, discard);
    const facts = [];
    if (t.round !== undefined) facts.push(say("round") + t.round);
    facts.push(say("goal") + t.goal + say("km"));
    if (t.plays_left > 1) facts.push(say("plays") + t.plays_left);
    row.append(el("div", {class: "mb-play-facts", text: facts.join(" · ")}));
    return row;
  }

  function safetiesRow(safeties) {
    const row = el("div", {class: "mb-play-row"});
    for (const s of safeties) {
      const card = cardSvg(s, {small: true, sideways: s.coup_fourre});
      row.append(card);
    }
    return row;
  }

  function classicTeam(team) {
    const panel = el("section", {class: "mb-play-panel" + (team.yours ? " mb-play-yours" : "")});
    const who = team.seats.map(seatLabel).join(", ");
    panel.append(el("h4", {text: say("team") + team.team + " — " + who + " — " + team.km + " / " +
                                 view.table.goal + say("km") + " · " + say("match") + team.match}));
    const row = el("div", {class: "mb-play-row"});
    row.append(cardOrBlank(team.battle, say("battle")), cardOrBlank(team.speed, say("speedPile")));
    const distance = el("div", {class: "mb-play-distance"});
    for (const c of team.distance) distance.append(cardSvg(c, {small: true}));
    row.append(distance);
    panel.append(row, safetiesRow(team.safeties));
    return target(panel, "team:" + team.team);
  }

  function zone(z) {
    const mine = z.seat === view.you;
    const panel = el("section", {class: "mb-play-panel" + (mine ? " mb-play-yours" : "")});
    panel.append(el("h4", {text: seatLabel(z.seat) + " — " + z.km + " / " + view.table.goal +
                                 say("km") + " · " + view.table.hand_sizes[z.seat] + say("hand")}));
    const row = el("div", {class: "mb-play-row"});
    row.append(cardOrBlank(z.attack, say("attack")), cardOrBlank(z.radar, say("radar")));
    const bornes = el("div", {class: "mb-play-distance"});
    for (const b of z.bornes) {
      const holder = el("span", {class: "mb-play-borne"}, cardSvg(b, {small: true}));
      if (b.accelerators) holder.append(el("span", {class: "mb-play-boost", text: "×" + (1 << b.accelerators)}));
      bornes.append(holder);
    }
    row.append(bornes);
    panel.append(row, safetiesRow(z.safeties));
    return target(panel, "seat:" + z.seat);
  }

  const CAR_COLOURS = ["#d32f2f", "#1976d2", "#388e3c", "#f9a825", "#7b1fa2", "#00838f"];

  // The As du Volant track: the main route in rows of ten squares, the shortcut below,
  // each square with its km, its limit (L) or bonus (+), and its lanes with the cars.
  function track(t) {
    const perRow = 10;
    const cell = 58;
    const main = t.main;
    const byId = new Map(t.squares.map((s) => [s.id, s]));
    const onMain = new Set(main);
    const side = t.squares.filter((s) => !onMain.has(s.id));
    const rows = Math.ceil(main.length / perRow) + (side.length ? 1 : 0);
    const box = svg("svg", {viewBox: "0 0 " + (perRow * cell + 8) + " " + (rows * 70 + 8),
                            class: "mb-play-track", role: "img", "aria-label": t.board});
    squareAt = new Map();
    const place = (square, x, y, isShortcut) => {
      const fill = square.km === t.goal ? "#fff3c4" : isShortcut ? "#e8f0fe" : "#f5f5f5";
      box.append(svg("rect", {x, y, width: cell - 6, height: 62, rx: 6, fill,
                              stroke: square.limit ? "#c62828" : "#999", "stroke-width": square.limit ? 2.5 : 1}));
      let mark = square.km + "";
      if (square.limit) mark += " L" + square.limit;
      if (square.bonus) mark += " +" + square.bonus;
      if (square.shortcut !== null && !isShortcut) mark += " ↘";
      box.append(svg("text", {x: x + 4, y: y + 13, "font-size": 10.5, fill: "#222"}, mark));
      // Lanes side by side inside the square, closer together when there are many (start, finish).
      const gap = Math.min(14, (cell - 22) / Math.max(1, square.lanes.length - 1));
      squareAt.set(square.id, {x: x + 10, y: y + 40});  // a car passing by: the first lane
      square.lanes.forEach((seat, lane) => {
        const cx = x + 10 + lane * gap;
        const cy = y + 40;
        box.append(svg("circle", {cx, cy, r: 5, fill: "none", stroke: "#bbb"}));
        if (seat !== null) cars.push({seat, cx, cy, square: square.id});
      });
    };
    // The cars last, above every square, each a group that moves as one (drive()).
    const cars = [];
    main.forEach((id, i) => place(byId.get(id), 4 + (i % perRow) * cell, 4 + Math.floor(i / perRow) * 70, false));
    side.forEach((s, i) => place(s, 4 + (i % perRow) * cell, 4 + (rows - 1) * 70, true));
    for (const c of cars) {
      const group = svg("g", {class: "mb-play-car", "data-seat": c.seat, "data-square": c.square,
                              transform: "translate(" + c.cx + " " + c.cy + ")"});
      group.append(svg("circle", {cx: 0, cy: 0, r: 7, fill: CAR_COLOURS[c.seat % CAR_COLOURS.length],
                                  stroke: c.seat === view.you ? "#000" : "#fff", "stroke-width": 2}));
      group.append(svg("text", {x: 0, y: 3.5, "text-anchor": "middle", "font-size": 9, fill: "#fff"},
                       String(c.seat)));
      box.append(group);
    }
    const wrap = el("div", {class: "mb-play-track-wrap"}, box);
    if (side.length) wrap.append(el("div", {class: "mb-play-slot-label", text: "↘ " + say("shortcut")}));
    return wrap;
  }

  function car(c) {
    const mine = c.seat === view.you;
    const panel = el("section", {class: "mb-play-panel" + (mine ? " mb-play-yours" : "")});
    const dot = el("span", {class: "mb-play-dot", style: "background:" + CAR_COLOURS[c.seat % CAR_COLOURS.length]});
    panel.append(el("h4", {}, dot, " " + seatLabel(c.seat) + " — " + c.km + " / " + view.table.goal +
                              say("km") + " · " + view.table.hand_sizes[c.seat] + say("hand")));
    const row = el("div", {class: "mb-play-row"});
    row.append(cardOrBlank(c.attack, say("attack")));
    row.append(el("div", {class: "mb-play-facts", text: (c.limit ? say("limit") : say("free")) +
                                                        " · 200: " + c.laid_200 + "/" + view.table.max_200}));
    panel.append(row, safetiesRow(c.safeties));
    return target(panel, "seat:" + c.seat);
  }

  // --- the hand, its targets, the buttons, the prompt ----------------------------------------
  function drawHand() {
    const hand = $("mb-play-hand");
    hand.replaceChildren();
    view.hand.forEach((card, index) => {
      const entry = view.cards[card.id];
      const button = el("button", {type: "button", class: "mb-play-card", "data-card": card.id,
                                   "data-index": String(index), "aria-label": cardName(card)});
      button.append(cardSvg(card));
      if (!entry) button.disabled = !view.prompt ? !mineNow() : true;
      else if (!Object.keys(entry.targets).some((t) => t !== "discard")) button.classList.add("mb-play-blocked");
      button.addEventListener("click", () => choose(card.id, button));
      hand.append(button);
    });
  }

  function mineNow() {
    return view.actor !== null && view.actor === view.you && !view.replay;
  }

  function clearLit() {
    for (const node of document.querySelectorAll("#mb-play .mb-play-lit")) {
      node.classList.remove("mb-play-lit");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.onclick = null;
      node.onkeydown = null;
    }
    for (const node of document.querySelectorAll("#mb-play .mb-play-selected")) node.classList.remove("mb-play-selected");
  }

  // A card clicked: its legal places light up (each a focusable button); a card with none
  // shows why, from the engine's own refusal, and nothing changes.
  function choose(cardId, button) {
    if (busy || !view) return;
    clearLit();
    const entry = view.cards[cardId];
    if (!entry) return;
    selected = cardId;
    button.classList.add("mb-play-selected");
    const places = Object.keys(entry.targets);
    if (entry.why) {
      showAnswer("illegal", say("cannot") + entry.why.move + " — " + say("breaks") + ":", entry.why.rules);
    } else {
      showAnswer("info", say("chooseTarget"), []);
    }
    for (const place of places) {
      const node = document.querySelector('#mb-play [data-target="' + place + '"]');
      const go = () => playAt(cardId, place);
      if (node) {
        node.classList.add("mb-play-lit");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.onclick = go;
        node.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); } };
      } else {
        // a place not drawn on the table (a Turbo's "self"): a button in the answer box
        const extra = el("button", {type: "button", class: "mb-play-lit mb-play-choice", "data-target": place,
                                    text: entry.targets[place][0].text});
        extra.addEventListener("click", go);
        $("mb-play-answer").append(extra);
      }
    }
    // Any other panel: judged by the engine, its refusal shown (nothing changes).
    for (const node of document.querySelectorAll("#mb-play .mb-play-target:not(.mb-play-lit)")) {
      node.onclick = () => act("try_card", cardId, node.dataset.target);
    }
  }

  function playAt(cardId, place) {
    const moves = view.cards[cardId].targets[place];
    if (moves.length === 1) { act("act", moves[0].move); return; }
    // Several ways to play it there (Accélérateurs, shortcut, the Police's cards): choose one.
    const box = $("mb-play-answer");
    box.className = "mb-play-answer mb-play-info";
    box.replaceChildren(document.createTextNode(say("pick")));
    const list = el("div", {class: "mb-play-choices"});
    for (const move of moves) {
      const choice = el("button", {type: "button", class: "mb-play-choice", text: move.text});
      choice.addEventListener("click", () => act("act", move.move));
      list.append(choice);
    }
    box.append(list);
    list.querySelector("button").focus();
  }

  function drawButtons() {
    const row = $("mb-play-buttons");
    row.replaceChildren(...view.buttons.map((b) => {
      const button = el("button", {type: "button", class: "mb-play-button", text: b.text});
      button.addEventListener("click", () => act("act", b.move));
      return button;
    }));
  }

  function drawPrompt() {
    const box = $("mb-play-prompt");
    if (countdown) { clearInterval(countdown); countdown = null; }
    if (!view.prompt) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    const clock = el("span", {class: "mb-play-clock"});
    const choices = el("div", {class: "mb-play-choices"});
    let passMove = null;
    for (const choice of view.prompt.choices) {
      const text = choice.pass ? say("pass") + " — " + choice.text : choice.text;
      const button = el("button", {type: "button", class: "mb-play-choice" + (choice.pass ? " mb-play-pass" : ""), text});
      button.addEventListener("click", () => act("act", choice.move));
      if (choice.pass) passMove = choice.move;
      choices.append(button);
    }
    box.replaceChildren(el("p", {text: view.prompt.text}), choices, clock);
    if (passMove !== null && !window.MB_PLAY_NO_TIMER) {
      let left = PROMPT_SECONDS;
      clock.textContent = left + say("seconds");
      countdown = setInterval(() => {
        left -= 1;
        clock.textContent = left + say("seconds");
        if (left <= 0) { clearInterval(countdown); countdown = null; act("act", passMove); }
      }, 1000);
    }
    choices.querySelector("button").focus();
  }

  function drawScore() {
    const box = $("mb-play-score");
    const score = view.score;
    box.hidden = !score;
    if (!score) { box.replaceChildren(); return; }
    const parts = [el("h3", {text: say("sheet")})];
    if (score.items) {
      const head = el("tr", {}, el("th", {text: say("team").trim()}),
                      ...score.items.map((i) => el("th", {text: i.label})),
                      el("th", {text: say("total")}), el("th", {text: say("match").trim()}));
      const body = score.sheet.teams.map((line) => el("tr", {},
        el("td", {text: String(line.team)}),
        ...score.items.map((i) => el("td", {text: String(line.items[i.id])})),
        el("td", {text: String(line.total)}), el("td", {text: String(score.match[line.team])})));
      parts.push(el("div", {class: "mb-play-sheet-wrap"}, el("table", {class: "mb-play-sheet"}, head, ...body)));
      const winner = score.sheet.winner;
      parts.push(el("p", {text: say("winner") + (winner === null ? "—" : say("team") + winner)}));
    }
    for (const text of score.lines || []) parts.push(el("p", {text}));
    box.replaceChildren(...parts);
  }

  let downloadUrl = null;
  function refreshDownload() {
    const link = $("mb-play-download");
    const answer = JSON.parse(table.transcript());
    if (answer.error) { link.hidden = true; return; }
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    downloadUrl = URL.createObjectURL(new Blob([answer.text], {type: "application/jsonl"}));
    link.href = downloadUrl;
    link.hidden = false;
  }

  // --- set-up ---------------------------------------------------------------------------------
  function fillSetup(editions, bots) {
    const edition = $("mb-play-edition");
    const players = $("mb-play-players");
    const seat = $("mb-play-seat");
    edition.replaceChildren(...editions.map((e) => new Option(e.title, e.id, false, e.id === "classic")));
    $("mb-play-bot").replaceChildren(...bots.map((b) => new Option(b, b, false, b === "greedy")));
    const seats = () => {
      seat.replaceChildren(...Array.from({length: Number(players.value)}, (_, i) => new Option(String(i), String(i))));
    };
    const refill = () => {
      const chosen = editions.find((e) => e.id === edition.value);
      players.replaceChildren(...chosen.seats.map((row) => new Option(
        row.players + (row.teams !== row.players ? " (" + row.teams + say("teams") + ")" : ""), String(row.players))));
      $("mb-play-options").replaceChildren(...chosen.options.map((name) => el("label", {},
        el("input", {type: "checkbox", class: "mb-play-option", value: name}), " " + name)));
      seats();
    };
    edition.addEventListener("change", refill);
    players.addEventListener("change", seats);
    refill();
  }

  function setup() {
    return JSON.stringify({
      edition: $("mb-play-edition").value,
      players: Number($("mb-play-players").value),
      seed: Number($("mb-play-seed").value || 0),
      seat: Number($("mb-play-seat").value),
      bot: $("mb-play-bot").value,
      options: Array.from(document.querySelectorAll("#mb-play-options .mb-play-option:checked")).map((b) => b.value),
    });
  }

  function wire() {
    $("mb-play-deal").addEventListener("click", () => { $("mb-play-log").replaceChildren(); act("new_game", setup()); });
    $("mb-play-next").addEventListener("click", () => act("next_round"));
    $("mb-play-replay").addEventListener("click", () => { $("mb-play-log").replaceChildren(); act("load_replay", $("mb-play-text").value); });
    $("mb-play-step").addEventListener("click", () => act("replay_step"));
    $("mb-play-referee").addEventListener("click", () => act("referee", $("mb-play-text").value));
    $("mb-play-download").addEventListener("click", refreshDownload);
    $("mb-play-records").addEventListener("toggle", () => { if (view) refreshDownload(); });
    $("mb-play-file").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (file) $("mb-play-text").value = await file.text();
    });
  }

  function translate() {
    if (!french) return;
    for (const node of document.querySelectorAll("#mb-play [data-t]")) {
      if (WORDS[node.dataset.t]) node.textContent = say(node.dataset.t);
    }
  }

  async function start() {
    translate();
    $("mb-play-status").textContent = say("loading");
    const begun = performance.now();
    const pyodide = await window.mbLoadEngine();  // docs/_static/live/engine.js
    const live = pyodide.pyimport("millebornes.apps.live");
    const play = pyodide.pyimport("millebornes.apps.play_table");
    table = play.PlayTable(french ? "fr" : "en");  // the engine's words in the page's language
    fillSetup(JSON.parse(live.editions()), JSON.parse(play.roster()).value);
    wire();
    for (const id of ["mb-play-setup", "mb-play-replay", "mb-play-referee"]) $(id).disabled = false;
    $("mb-play").dataset.readyMs = String(Math.round(performance.now()));
    $("mb-play-status").textContent = say("ready") + " (" + ((performance.now() - begun) / 1000).toFixed(1) + " s)";
  }

  document.addEventListener("DOMContentLoaded", () => {
    start().catch((error) => { $("mb-play-status").textContent = say("failed") + error.message; });
  });
})();
