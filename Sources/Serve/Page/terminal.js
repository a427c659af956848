// The page of a uihost session: xterm.js fitted to the window, one WebSocket
// per tab, and a message when the session ends. The protocol
// (docs/SERVING.md): the page sends "i" + input and "r" + "COLS,ROWS"; every
// message from the server is the app's terminal output.
//
// This script runs in the page's head, before xterm.js (380 KB) is parsed:
// it opens the session's socket at once, at the size the terminal will have,
// so that the app starts on the server while the browser loads xterm.js, and
// its first frame waits here. The rest runs once xterm.js has (DOMContentLoaded).
(function () {
  'use strict';

  var font = { family: 'DejaVu Sans Mono, Menlo, Consolas, monospace', size: 15 };
  // Marks for the project's benchmark (Scripts/bench/serve_bench.py): where a page load's time goes.
  function mark(name) { if (window.performance && performance.mark) { performance.mark('uihost-' + name); } }

  // The size xterm.js's fit add-on will give the terminal, worked out the same
  // way before xterm.js exists: a cell of the terminal's font, measured as
  // xterm.js measures it, into the window less #terminal's padding (2px a
  // side, terminal.css) and the width of a scroll bar. Should it differ, the
  // fitted size is sent when the terminal is made, and the app redraws.
  function expectedSize() {
    var root = document.documentElement;
    var cell = document.createElement('span');
    cell.style.cssText = 'display:inline-block;position:absolute;visibility:hidden;top:0;left:-9999em;line-height:normal';
    cell.style.fontFamily = font.family;
    cell.style.fontSize = font.size + 'px';
    cell.textContent = 'W';
    var scroller = document.createElement('div');
    scroller.style.cssText = 'position:absolute;visibility:hidden;overflow-y:scroll;width:100px;height:10px';
    var inner = document.createElement('div');
    scroller.appendChild(inner);
    root.appendChild(cell);
    root.appendChild(scroller);
    var box = cell.getBoundingClientRect();
    var scrollBar = (scroller.offsetWidth - inner.offsetWidth) || 15;
    root.removeChild(cell);
    root.removeChild(scroller);
    if (!box.width || !box.height) { return { cols: 80, rows: 24 }; }
    return {
      cols: Math.max(1, Math.floor((window.innerWidth - 4 - scrollBar) / box.width)),
      rows: Math.max(1, Math.floor((window.innerHeight - 4) / Math.ceil(box.height)))
    };
  }

  function open(size) {
    var url = new URL('ws?cols=' + size.cols + '&rows=' + size.rows, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    var socket = new WebSocket(url.href, 'uihost.v1');
    socket.binaryType = 'arraybuffer';
    return socket;
  }

  mark('script');
  // The socket opened early, and what it received before the terminal existed.
  var early = { size: expectedSize(), output: [], closed: null };
  mark('socket');
  early.socket = open(early.size);
  // Called once the terminal may be shown (its first output, or its end), when it is waited for.
  early.ready = null;
  early.socket.onmessage = function (event) {
    if (!early.output.length) { mark('output'); }
    early.output.push(event.data);
    if (early.ready) { early.ready(); }
  };
  early.socket.onopen = function () { mark('open'); };
  early.socket.onclose = function (event) {
    early.closed = event;
    if (early.ready) { early.ready(); }
  };

  document.addEventListener('DOMContentLoaded', function () {
    mark('xterm');
    var baseTitle = document.title;
    var status = document.getElementById('status');
    var statusText = document.getElementById('status-text');
    var button = document.getElementById('reconnect');

    Terminal.applyAddon(TerminalAddons.fit);
    Terminal.applyAddon(TerminalAddons.webLinks);
    // The DOM renderer: rows are text, which the browser's find, a screen
    // reader and the project's browser tests can read (the canvas is pixels).
    var term = new Terminal({
      // Made at the size it is expected to fit: fitting it then changes nothing.
      cols: early.size.cols,
      rows: early.size.rows,
      rendererType: 'dom',
      scrollback: 0,
      fontSize: font.size,
      fontFamily: font.family,
      theme: { background: '#000000', foreground: '#dddddd' }
    });
    term.on('title', function (title) { document.title = title ? title + ' — ' + baseTitle : baseTitle; });

    var socket = null;
    var decoder = null;
    var first = true;

    function send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) { socket.send(message); }
    }

    // What the page says when the session ended, by the server's close code;
    // the server's reason, when it gave one, says it best.
    function ended(event) {
      var text = event.reason;
      if (!text) {
        if (event.code === 1000) { text = 'The app ended.'; }
        else if (event.code === 1001) { text = 'The server stopped.'; }
        else { text = 'The connection to the server was lost.'; }
      }
      statusText.textContent = text;
      status.hidden = false;
      button.focus();
    }

    // Output comes in pieces that may split a character: decoded as one stream.
    function write(data) {
      term.write(decoder.decode(new Uint8Array(data), { stream: true }));
      if (first) {
        first = false;
        // xterm.js draws on the next animation frame: the frame is on screen after it.
        window.requestAnimationFrame(function () { window.uihostFirstFrame = performance.now(); mark('frame'); });
      }
    }

    // Takes a socket (the early one, or a new one to start again) and what it already received.
    function attach(mine, output, closed) {
      status.hidden = true;
      socket = mine;
      decoder = new TextDecoder('utf-8');
      socket.onmessage = function (event) { write(event.data); };
      socket.onclose = function (event) {
        if (mine === socket) { ended(event); }
      };
      output.forEach(write);
      if (closed) { ended(closed); }
      term.focus();
    }

    function connect() {
      term.reset();
      attach(open({ cols: term.cols, rows: term.rows }), [], null);
    }

    term.on('data', function (data) { send('i' + data); });
    term.on('resize', function (size) { send('r' + size.cols + ',' + size.rows); });

    // Fit once per animation frame while the window is being resized.
    var fitting = false;
    window.addEventListener('resize', function () {
      if (fitting) { return; }
      fitting = true;
      window.requestAnimationFrame(function () {
        fitting = false;
        if (term.element) { term.fit(); }
      });
    });

    button.addEventListener('click', connect);

    // The terminal is put in the page with the app's first output at hand:
    // xterm.js's DOM renderer makes an element per cell, thousands, at each
    // full draw, and a terminal shown empty first would be drawn twice.
    function show() {
      early.ready = null;
      term.open(document.getElementById('terminal'));
      term.fit();
      mark('terminal');
      // A link opens apart from the session: no window.opener, no Referer with the token.
      term.webLinksInit(function (event, uri) { window.open(uri, '_blank', 'noopener,noreferrer'); });
      // For automation: the project's browser tests and benchmarks read the terminal here.
      window.uihostTerm = term;
      attach(early.socket, early.output, early.closed);
      // The fitted size, when the early guess missed it (or the window changed since).
      if (term.cols !== early.size.cols || term.rows !== early.size.rows) {
        var resize = 'r' + term.cols + ',' + term.rows;
        var waiting = socket;
        if (waiting.readyState === WebSocket.OPEN) {
          waiting.send(resize);
        } else {
          waiting.addEventListener('open', function () { waiting.send(resize); });
        }
      }
      early = null;
    }
    if (early.output.length || early.closed) { show(); } else { early.ready = show; }
  });
})();
