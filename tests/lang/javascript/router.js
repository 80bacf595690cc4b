/*!
 * A tiny CommonJS router in ES5 style: constructor functions, prototypes, exports.
 */
'use strict';

var http = require('http');
var debug = require('debug')('router');
var parseUrl = require('url').parse;
var { EventEmitter, once: onceEvent } = require('events');
var flatten = require('./utils').flatten, methods = ['get', 'post'];
require('./polyfill');

var proto = module.exports = {};

/**
 * A route layer: a path and its handler.
 */
function Layer(path, fn) {
  this.path = path;
  this.handle = fn;
  this.matches = function (url) {
    return url === path || path === '*';
  };
}

/** Runs the handler, catching its errors. */
Layer.prototype.run = function run(req, res, next) {
  try {
    this.handle(req, res, next);
  } catch (err) {
    next(err);
  }
};

Layer.prototype.stop = Layer.prototype.halt = stopLayer;
Layer.prototype.kind = 'layer';

Layer.prototype = {
  describe: function () {
    return 'layer ' + this.path;
  },
  toString() {
    return this.describe();
  },
};

function stopLayer() {}

proto.route = function route(path) {
  var layer = new Layer(path, null);
  this.stack.push(layer);
  return layer;
};

exports.createServer = function (router) {
  return http.createServer(function handleRequest(req, res) {
    router.handle(req, res);
  });
};

module.exports.version = () => '1.0.0';

var stats = (function () {
  var hits = 0, misses = 0;
  return function record(hit) {
    hit ? hits++ : misses++;
  };
})();

;(function (global) {
  var registry = {};
  global.register = function (name, fn) {
    registry[name] = fn;
  };
}(this));

proto.handle = function handle(req, res) {
  var url = parseUrl(req.url).pathname;
  var index = 0;
  var stack = this.stack;
  debug('dispatching %s', url);

  function next(err) {
    var layer = stack[index++];
    if (!layer) {
      return err ? res.end(String(err)) : res.end();
    }
    if (layer.matches(url) && !err) {
      layer.run(req, res, next);
    } else {
      next(err);
    }
  }

  next();
};

methods.forEach(function (method) {
  proto[method] = function (path, fn) {
    return this.route(path).handle = fn;
  };
});

module.exports = function createRouter(options) {
  var router = Object.create(proto);
  router.stack = [];
  router.options = options || {};
  flatten(router.stack);
  return router;
};
