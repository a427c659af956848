// The smallest CommonJS loader that runs xterm.js's modules as Debian installs
// them (see Sources/Serve/XtermFiles.swift): the server adds a define() per
// module below this, named by its path without ".js".
var uihostModules = (function () {
  'use strict';
  var factories = {};
  var loaded = {};

  function resolve(from, path) {
    var parts = from.split('/').slice(0, -1);
    path.split('/').forEach(function (part) {
      if (part === '..') { parts.pop(); } else if (part !== '.') { parts.push(part); }
    });
    return parts.join('/');
  }

  function load(name) {
    if (!loaded[name]) {
      if (!factories[name]) { throw new Error('uihost: no module ' + name); }
      var module = { exports: {} };
      loaded[name] = module;
      factories[name](module.exports, function (path) { return load(resolve(name, path)); }, module);
    }
    return loaded[name].exports;
  }

  return {
    define: function (name, factory) { factories[name] = factory; },
    require: load
  };
})();
