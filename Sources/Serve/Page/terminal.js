// The page of a uihost session: xterm.js fitted to the window, one WebSocket
// per tab, and a message when the session ends. The protocol
// (docs/SERVING.md): the page sends "i" + input and "r" + "COLS,ROWS"; every
// message from the server is the app's terminal output.
(function () {
  'use strict';

  var baseTitle = document.title;
  var status = document.getElementById('status');
  var statusText = document.getElementById('status-text');
  var button = document.getElementById('reconnect');

  Terminal.applyAddon(TerminalAddons.fit);
  Terminal.applyAddon(TerminalAddons.webLinks);
  // The DOM renderer: rows are text, which the browser's find, a screen
  // reader and the project's browser tests can read (the canvas is pixels).
  var term = new Terminal({
    rendererType: 'dom',
    scrollback: 0,
    fontSize: 15,
    fontFamily: 'DejaVu Sans Mono, Menlo, Consolas, monospace',
    theme: { background: '#000000', foreground: '#dddddd' }
  });
  term.open(document.getElementById('terminal'));
  term.fit();
  // A link opens apart from the session: no window.opener, no Referer with the token.
  term.webLinksInit(function (event, uri) { window.open(uri, '_blank', 'noopener,noreferrer'); });
  // For automation: the project's browser tests and benchmarks read the terminal here.
  window.uihostTerm = term;
  term.on('title', function (title) { document.title = title ? title + ' — ' + baseTitle : baseTitle; });

  var socket = null;
  var decoder = null;

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

  function connect() {
    status.hidden = true;
    term.reset();
    var url = new URL('ws?cols=' + term.cols + '&rows=' + term.rows, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url.href, 'uihost.v1');
    socket.binaryType = 'arraybuffer';
    // Output comes in pieces that may split a character: decode as one stream.
    decoder = new TextDecoder('utf-8');
    var first = true;
    var mine = socket;
    socket.onmessage = function (event) {
      term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
      if (first) {
        first = false;
        // xterm.js draws on the next animation frame: the frame is on screen after it.
        window.requestAnimationFrame(function () { window.uihostFirstFrame = performance.now(); });
      }
    };
    socket.onclose = function (event) {
      if (mine === socket) { ended(event); }
    };
    term.focus();
  }

  term.on('data', function (data) { send('i' + data); });
  term.on('resize', function (size) { send('r' + size.cols + ',' + size.rows); });

  // Fit once per animation frame while the window is being resized.
  var fitting = false;
  window.addEventListener('resize', function () {
    if (fitting) { return; }
    fitting = true;
    window.requestAnimationFrame(function () { fitting = false; term.fit(); });
  });

  button.addEventListener('click', connect);
  connect();
})();
