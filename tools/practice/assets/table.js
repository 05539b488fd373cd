// The table of `fivetenk play --web`: draws the state the server publishes and sends the
// user's answers back. No game logic here: the server's session decides what is legal,
// refuses with the clause, plays the other seats and keeps the log.
'use strict';

(function () {
  const WAIT_MS = 45000;      // one request at most (the server's long poll is 20 s)
  const RETRIES = 5;          // network failures in a row before the page gives up
  const SUITS = {S: '\u2660', H: '\u2665', C: '\u2663', D: '\u2666'};
  let state = null;
  let selected = new Set();   // ids of the hand's card buttons
  let selectionKey = null;    // the question the selection was made for
  let hinted = false;         // the suggestion was asked for (hints off)
  let sending = false;
  let message = null;         // an answer the server would not take: {text}

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'cls') node.className = value;
      else if (key === 'on') for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function fill(node, ...children) {
    node.replaceChildren();
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function fmt(text, values) {
    return String(text).replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
  }

  function L(key, values) {
    const labels = (state && state.labels) || {};
    return fmt(key in labels ? labels[key] : key, values || {});
  }

  // -- cards -----------------------------------------------------------------------------
  function names(key) {
    const out = {};
    for (const pair of L(key).split(' ')) {
      const [code, ...rest] = pair.split('=');
      out[code] = rest.join('=');
    }
    return out;
  }

  function cardLabel(code) {
    if (code === 'SJ' || code === 'BJ') return names('jokers')[code] + ' (' + code + ')';
    const rank = code.slice(0, -1);
    const suit = code.slice(-1);
    const rankName = names('ranks')[rank] || rank;
    return rankName + ' ' + L('of') + ' ' + (names('suits')[suit] || suit) + ' (' + code + ')';
  }

  function cardText(code) {
    if (code === 'SJ') return '\u2606J';
    if (code === 'BJ') return '\u2605J';
    return code.slice(0, -1) + (SUITS[code.slice(-1)] || code.slice(-1));
  }

  function cardClass(code) {
    if (code === 'BJ') return 'card joker-big';
    if (code === 'SJ') return 'card joker-small';
    return 'card ' + ('HD'.includes(code.slice(-1)) ? 'red' : 'black');
  }

  function chip(code) {
    return el('span', {cls: cardClass(code), role: 'img', 'aria-label': cardLabel(code),
                       title: code, text: cardText(code)});
  }

  function chips(codes) {
    const span = el('span', {cls: 'chips'});
    for (const code of codes) span.append(chip(code));
    return span;
  }

  // -- the network -----------------------------------------------------------------------
  async function request(path, body) {
    const control = new AbortController();
    const timer = setTimeout(() => control.abort(), WAIT_MS);
    try {
      const options = {signal: control.signal, cache: 'no-store', credentials: 'same-origin'};
      if (body !== undefined) {
        options.method = 'POST';
        options.headers = {'Content-Type': 'application/json'};
        options.body = JSON.stringify(body);
      }
      const response = await fetch(path, options);
      let data = null;
      try { data = await response.json(); } catch (e) { data = null; }
      return {status: response.status, data: data};
    } finally {
      clearTimeout(timer);
    }
  }

  async function follow(since) {
    // Fetch the state, and while the other seats play, wait for it to change (each wait
    // bounded by the server's long poll and by WAIT_MS here).
    let failures = 0;
    let after = since;
    for (;;) {
      let got;
      try {
        got = await request(after === null ? 'api/state' : 'api/state?since=' + after);
      } catch (e) {
        got = null;
      }
      if (!got || got.status !== 200 || !got.data) {
        failures += 1;
        if (failures >= RETRIES) {
          $('status').textContent = L('network');
          document.body.classList.add('offline');
          return;
        }
        await new Promise((done) => setTimeout(done, 500 * failures));
        continue;
      }
      failures = 0;
      document.body.classList.remove('offline');
      draw(got.data);
      if (!got.data.busy) return;
      after = got.data.version;
    }
  }

  async function send(action) {
    if (sending || !state || state.busy) return;
    sending = true;
    message = null;
    setDisabled(true);
    try {
      let got;
      try {
        got = await request('api/action', Object.assign({version: state.version}, action));
      } catch (e) {
        got = null;
      }
      if (got && got.status === 202) {
        await follow(got.data.version);
      } else {
        message = {text: got && got.data && got.data.error ? got.data.error : L('network')};
        await follow(null);
      }
    } finally {
      sending = false;
      if (state) draw(state);
    }
  }

  // -- drawing ---------------------------------------------------------------------------
  function setDisabled(off) {
    for (const node of document.querySelectorAll('#decision button, #decision input, #lang')) {
      node.disabled = off || node.dataset.never === '1';
    }
  }

  function seatName(seat) {
    return state && seat === state.game.seat ? L('you') : L('seat', {seat: seat});
  }

  function handCards() {
    const out = [];
    for (const group of state.hand) {
      group.cards.forEach((code) => {
        const k = out.filter((c) => c.code === code).length;
        out.push({code: code, id: 'card-' + code + '-' + k, rank: group.rank});
      });
    }
    return out;
  }

  function selectedCodes() {
    return handCards().filter((c) => selected.has(c.id)).map((c) => c.code);
  }

  function drawHand(question) {
    const hand = $('hand');
    hand.replaceChildren();
    $('hand-title').textContent = L(state.hand_size === 1 ? 'your_hand_one' : 'your_hand', {n: state.hand_size});
    const clickable = question && ['play', 'bury', 'reveal'].includes(question.kind) && !state.busy;
    if (!state.hand.length) hand.append(el('p', {text: L('hand_empty')}));
    const cards = handCards();
    for (const group of state.hand) {
      const box = el('span', {cls: 'group', role: 'group', 'aria-label': group.rank});
      for (const card of cards.filter((c) => c.rank === group.rank)) {
        const on = selected.has(card.id);
        if (clickable) {
          box.append(el('button', {
            type: 'button', id: card.id, cls: cardClass(card.code) + (on ? ' selected' : ''),
            'aria-pressed': on ? 'true' : 'false', 'aria-label': cardLabel(card.code),
            'data-card': card.code, text: cardText(card.code),
            on: {click: () => toggle(card.id)}}));
        } else {
          box.append(el('span', {cls: cardClass(card.code), id: card.id, role: 'img',
                                 'aria-label': cardLabel(card.code), 'data-card': card.code,
                                 text: cardText(card.code)}));
        }
      }
      hand.append(box);
    }
    if (state.buried.length) {
      hand.append(el('p', {cls: 'buried'}, el('strong', {text: L('your_burial') + ': '}),
                       chips(state.buried)));
    }
    const codes = selectedCodes();
    $('selection').textContent = codes.length ? L('selected', {cards: codes.join(' ')})
      : (clickable ? L('nothing_selected') : '');
  }

  function toggle(id) {
    if (selected.has(id)) selected.delete(id); else selected.add(id);
    message = null;
    draw(state);
  }

  function drawControls(question) {
    const box = $('controls');
    box.replaceChildren();
    if (!question) return;
    const codes = selectedCodes();
    const add = (id, text, action, extra) => {
      const attrs = Object.assign({type: 'button', id: id, text: text, on: {click: action}}, extra || {});
      box.append(el('button', attrs));
    };
    if (question.kind === 'play') {
      add('play-selected', L('play_selected'), () => send({do: 'answer', text: codes.join(' ')}),
          {cls: 'primary', 'data-never': codes.length ? null : '1'});
      if (question.pass) add('pass', said('pass'), () => send({do: 'answer', text: 'pass'}));
    } else if (question.kind === 'bury') {
      add('bury-selected', L('bury_selected') + ' (' + codes.length + '/6)',
          () => send({do: 'answer', text: codes.join(' ')}),
          {cls: 'primary', 'data-never': codes.length ? null : '1'});
    } else if (question.kind === 'reveal') {
      add('reveal-selected', L('reveal_selected'), () => send({do: 'answer', text: codes.join(' ')}),
          {cls: 'primary', 'data-never': codes.length ? null : '1'});
      if (question.skip) add('skip', said('skip'), () => send({do: 'answer', text: 'skip'}));
    }
    if (['play', 'bury', 'reveal'].includes(question.kind)) {
      add('clear', L('clear'), () => { selected.clear(); draw(state); },
          {'data-never': codes.length ? null : '1'});
    }
    add('hint', L('hint'), hint);
    add('play-suggestion', L('play_suggestion'), () => send({do: 'suggestion'}), {cls: 'primary'});
  }

  function said(word) {
    // the word in the table's language, and as it is typed when that differs
    return L(word) === word ? word : L(word) + ' (' + word + ')';
  }

  function hint() {
    hinted = true;
    const s = state.suggestion;
    let picked = false;
    if (s) {
      const wanted = s.reveal ? [s.reveal] : s.cards.slice();
      picked = wanted.length > 0;
      selected.clear();
      for (const card of handCards()) {
        const at = wanted.indexOf(card.code);
        if (at >= 0) { selected.add(card.id); wanted.splice(at, 1); }
      }
    }
    message = {text: L(picked ? 'hint_shown' : 'hint_below'), kind: 'note'};
    draw(state);
  }

  function drawRefusal() {
    const box = $('refusal');
    box.replaceChildren();
    box.className = '';
    const r = state.refusal;
    if (r) {
      box.className = 'refused';
      box.append(el('strong', {text: L('refused') + ': '}), el('code', {text: r.input}), ' \u2014 ',
                 r.message + ' ');
      if (r.clause) box.append(el('span', {cls: 'clause', text: '[' + r.clause + ']'}));
    }
    const lines = (state.notice || []).filter((line) => !r || !line.includes(r.message));
    if (lines.length) {
      const list = el('div', {cls: 'notice'});
      for (const line of lines) list.append(el('p', {text: line}));
      box.append(list);
      if (!r) box.className = 'told';
    }
    if (message) {
      box.append(el('p', {cls: message.kind === 'note' ? 'note' : 'error', text: message.text}));
      if (!r && !lines.length) box.className = message.kind === 'note' ? 'told' : 'refused';
    }
  }

  function drawAdvice(question) {
    const body = $('advice-body');
    body.replaceChildren();
    $('advice-title').textContent = L('suggestion');
    const s = state.suggestion;
    if (!question || !s) { $('advice').hidden = true; return; }
    $('advice').hidden = false;
    if (!state.hints && !hinted) {
      body.append(el('p', {text: L('hidden')}));
      return;
    }
    const head = el('p', {cls: 'suggested'}, el('strong', {text: s.text}));
    if (s.cards.length) head.append(' ', chips(s.cards));
    body.append(head);
    if (s.holder) body.append(el('p', {cls: 'holder', text: s.holder}));
    body.append(el('p', {}, el('strong', {text: L('why') + ': '}), s.reason));
    if (s.claims.length) body.append(claimList(s.claims));
    if (s.alternatives.length) {
      const list = el('ul', {cls: 'alternatives'});
      for (const alt of s.alternatives) {
        const item = el('li', {}, el('strong', {text: L('not') + ' ' + alt.text}), ': ' + alt.why_not);
        if (alt.claims.length) item.append(claimList(alt.claims));
        list.append(item);
      }
      body.append(list);
    }
  }

  function claimList(claims) {
    const list = el('ul', {cls: 'claims', 'aria-label': L('facts')});
    for (const c of claims) {
      list.append(el('li', {cls: c.checked ? 'checked' : 'unchecked'},
                     el('span', {cls: 'mark', 'aria-hidden': 'true', text: c.checked ? '\u2713 ' : '\u2717 '}),
                     c.text, el('span', {cls: 'small', text: ' (' + (c.checked ? L('checked') : L('unchecked')) + ')'})));
    }
    return list;
  }

  function drawChoices(question) {
    const details = $('choices');
    const list = $('choice-list');
    list.replaceChildren();
    if (!question) { details.hidden = true; return; }
    details.hidden = false;
    if (question.kind === 'call') details.open = true;
    $('choices-title').textContent = L('choices', {n: question.count});
    const shown = state.suggestion && (state.hints || hinted) ? state.suggestion.n : null;
    for (const option of question.options) {
      const item = el('li', {}, el('button', {
        type: 'button', id: 'choice-' + option.n,
        cls: 'choice' + (option.n === shown ? ' suggested' : ''), text: option.text,
        on: {click: () => send({do: 'choice', n: option.n})}}));
      if (option.n === shown) item.append(' ', el('em', {text: '\u2190 ' + L('suggested')}));
      list.append(item);
    }
    if (question.count > question.options.length) {
      list.append(el('li', {cls: 'small', text: L('more_choices', {n: question.count - question.options.length})}));
    }
  }

  function move(action) {
    if (action.type === 'pass') return el('span', {cls: 'pass', text: L('pass')});
    const span = el('span', {}, chips(action.cards));
    if (action.shape) span.append(' ', el('span', {cls: 'shape', text: '(' + action.shape + ')'}));
    return span;
  }

  function drawTrick() {
    $('trick-title').textContent = L('trick');
    const box = $('trick');
    box.replaceChildren();
    const t = state.trick;
    if (!t) { box.append(el('p', {text: L('no_trick')})); return; }
    box.append(el('p', {text: L('trick_points', {n: t.points})}));
    const list = el('ol', {cls: 'plays'});
    t.plays.forEach((p, i) => {
      const top = t.top && p.seat === t.top.seat && !p.pass && i === lastPlayOf(t, t.top.seat);
      const item = el('li', {cls: top ? 'top' : ''}, el('span', {cls: 'who', text: seatName(p.seat) + ': '}));
      item.append(p.pass ? el('span', {cls: 'pass', text: L('pass')}) : move({type: 'play', cards: p.cards, shape: p.combo}));
      list.append(item);
    });
    box.append(list);
  }

  function lastPlayOf(trick, seat) {
    let at = -1;
    trick.plays.forEach((p, i) => { if (p.seat === seat && !p.pass) at = i; });
    return at;
  }

  function drawSeats() {
    $('seats-title').textContent = L('seats');
    const list = $('seats');
    list.replaceChildren();
    for (const s of state.seats) {
      const role = s.role === 'banker' ? L('banker') : s.role === 'partner' ? L('partner')
        : s.role === 'defender' ? L('defender') : L('side_unknown');
      const parts = [L(s.cards === 1 ? 'cards_left_one' : 'cards_left', {n: s.cards}), L('level', {level: s.level}), role,
                     L('captured', {n: s.captured})];
      if (s.out) parts.push(L('out', {n: s.out}));
      list.append(el('li', {cls: 'seat' + (s.you ? ' you' : '') + (s.role ? ' ' + s.role : ''),
                            id: 'seat-' + s.seat},
                        el('strong', {text: L('seat', {seat: s.seat}) + (s.you ? ' (' + L('you') + ')' : '')}),
                        ': ' + parts.join(', ')));
    }
  }

  function drawScores() {
    $('points-title').textContent = L('points');
    const p = state.points;
    const box = $('points');
    box.replaceChildren();
    if (state.banker !== null) {
      box.append(el('p', {}, el('strong', {text: L('bankers') + ' (' + p.side.map(seatName).join(', ') + '): '}),
                    String(p.bankers)));
      box.append(el('p', {}, el('strong', {text: (p.known ? L('defenders') : L('others')) + ': '}),
                    String(p.others) + ' \u2014 ' + L('need', {need: p.need})));
    }
    box.append(el('p', {text: L('left', {n: p.left})}));
    box.append(el('p', {cls: 'small', text: p.tally}));
    $('calls-title').textContent = L('calls');
    const calls = $('calls');
    calls.replaceChildren();
    if (!state.calls.length) calls.append(el('li', {text: L('no_calls')}));
    for (const c of state.calls) {
      const how = c.resolved_by !== null && c.resolved_by !== undefined
        ? L('call_resolved', {seat: c.resolved_by}) : L('call_open', {played: c.played});
      calls.append(el('li', {}, chip(c.face), ' #' + c.ordinal + ': ' + how));
    }
    $('levels-title').textContent = L('levels');
    const table = $('levels');
    table.replaceChildren();
    const head = el('tr', {}, el('th', {scope: 'col', text: L('hand')}),
                    el('th', {scope: 'col', text: L('before')}), el('th', {scope: 'col', text: L('after')}));
    table.append(el('thead', {}, head));
    const body = el('tbody');
    for (const row of state.levels) {
      body.append(el('tr', {}, el('th', {scope: 'row', text: String(row.hand)}),
                     el('td', {text: row.before.join(' ')}),
                     el('td', {text: row.after ? row.after.join(' ') : L('playing')})));
    }
    table.append(body);
  }

  function drawHistory() {
    $('tricks-title').textContent = L('tricks');
    const list = $('tricks');
    list.replaceChildren();
    if (!state.tricks.length) list.append(el('li', {cls: 'none', text: L('no_tricks')}));
    for (const t of state.tricks) {
      const item = el('li', {cls: 'trick'});
      const moves = el('span', {cls: 'moves'});
      t.actions.forEach((a, i) => {
        if (i) moves.append(', ');
        moves.append(el('span', {cls: 'move'}, el('span', {cls: 'who', text: seatName(a.seat) + ' '}), move(a)));
      });
      item.append(moves, ' ');
      item.append(el('em', {text: t.winner !== null ? '\u2192 ' + L('won_by', {seat: t.winner, points: t.points})
        : '(' + L('being_played') + ')'}));
      list.append(item);
    }
  }

  function drawSettlement() {
    const s = state.settlement;
    const section = $('settlement');
    const body = $('settlement-body');
    body.replaceChildren();
    if (!s) { section.hidden = true; return; }
    section.hidden = false;
    $('settlement-title').textContent = L('settlement', {hand: s.hand});
    body.append(el('p', {}, el('strong', {text: L('kitty') + ': '}), chips(s.result.kitty)));
    for (const line of s.lines) body.append(el('p', {text: line}));
  }

  function drawFeed() {
    $('talk-title').textContent = L('table_talk');
    const list = $('feed');
    list.replaceChildren();
    state.feed.forEach((line, i) => {
      list.append(el('li', {cls: i >= state.news ? 'news' : '', text: line}));
    });
    list.scrollTop = list.scrollHeight;
  }

  function draw(next) {
    const focused = document.activeElement && document.activeElement.id;
    const previous = state;
    state = next;
    const q = state.question;
    const key = q ? state.game.hand + '/' + state.game.move + '/' + q.kind : null;
    if (key !== selectionKey) {
      selected.clear();
      hinted = false;
      if (previous && key !== null) message = null;
      selectionKey = key;
    }
    document.documentElement.lang = state.lang;
    document.title = L('title');
    $('title').textContent = L('title');
    $('lang').value = state.lang;
    $('lang-label').textContent = L('language');
    const g = state.game;
    $('game-line').textContent = L('game', {seed: g.seed, seat: g.seat, hand: g.hand});
    let status;
    if (state.failed) status = L('failed', {why: state.failed});
    else if (state.over) status = L('over');
    else if (state.busy) status = L('busy');
    else status = L('your_turn') + ' (#' + (g.move + 1) + ')';
    if (state.settlement && state.settlement.hand < g.hand && !state.tricks.length) {
      status = L('hand_over', {hand: state.settlement.hand}) + ' ' + status;
    }
    $('status').textContent = status;
    document.body.classList.toggle('busy', !!state.busy);
    const data = document.body.dataset;  // what the table is at, for tests and styles
    data.version = String(state.version);
    data.busy = String(!!state.busy || sending);
    data.move = String(g.move);
    data.kind = q ? q.kind : '';
    data.over = String(!!state.over);
    $('question').textContent = q ? q.text : status;
    drawHand(q);
    drawRefusal();
    drawControls(q);
    drawChoices(q);
    drawAdvice(q);
    drawTrick();
    drawSeats();
    drawScores();
    drawHistory();
    drawSettlement();
    drawFeed();
    $('typed').hidden = !q;
    $('answer-label').textContent = L('type_label');
    $('send').textContent = L('send');
    $('notation').textContent = L('notation');
    $('undo').textContent = L('undo');
    $('undo').title = L('undo_help');
    $('undo').dataset.never = q && q.can_undo ? '' : '1';
    $('dispute').textContent = L('dispute');
    $('dispute').title = L('dispute_help');
    $('dispute').dataset.never = g.move > 0 ? '' : '1';
    $('dispute-at-label').textContent = L('dispute_move');
    $('dispute-help').textContent = L('dispute_help');
    setDisabled(!!state.busy || sending || !q);
    $('lang').disabled = sending || (!!state.busy && !state.over && !state.failed);
    if (focused && $(focused) && !$(focused).disabled) $(focused).focus();
    else if (q && previous && (previous.busy || !previous.question) && !state.busy) $('question').focus();
  }

  function start() {
    $('typed').addEventListener('submit', (event) => {
      event.preventDefault();
      const text = $('answer').value.trim();
      if (!text) return;
      $('answer').value = '';
      send({do: 'answer', text: text});
    });
    $('undo').addEventListener('click', () => send({do: 'undo'}));
    $('dispute').addEventListener('click', () => {
      const at = parseInt($('dispute-at').value, 10);
      send(Number.isInteger(at) && at > 0 ? {do: 'dispute', at: at} : {do: 'dispute'});
    });
    $('lang').addEventListener('change', () => {
      send({do: 'lang', lang: $('lang').value});
    });
    follow(null);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}());
