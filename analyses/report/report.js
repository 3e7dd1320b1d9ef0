/*
 * hsatrace report: the interactive timeline (embedded in the page by report_html.c).
 *
 * Reads the JSON block #hsatrace-data (its format: analyses/report/report_data.h), draws it on
 * one canvas and redraws on every change of view: the wheel zooms around the pointer, a drag
 * pans, a shift-drag selects a range (its duration is shown; Enter or a double click zooms to
 * it), keys + - arrows 0 do the same from the keyboard. Items narrower than a pixel are
 * aggregated per pixel column (the column shows the longest item in it), so a view costs one
 * pass over the items it overlaps whatever the zoom. The search box dims every bar whose name
 * does not contain its text; Enter jumps to the next match.
 *
 * window.hsatraceTimeline exposes the view and what the last drawing drew, for the tests.
 * No network, no external resource: everything is in this page.
 */
(function () {
	'use strict';

	var LABEL_W = 240, AXIS_H = 24, ROW_H = 12, MAX_ROWS = 6, LANE_GAP = 6, COUNTER_H = 40;
	var RIGHT_PAD = 8, HIT_PX = 3;
	var STRIDE = { api: 5, kernel: 4, copy: 5 };

	var dataNode = document.getElementById('hsatrace-data');
	var canvas = document.getElementById('tl-canvas');
	if (!dataNode || !canvas)
		return;
	var data = JSON.parse(dataNode.textContent);
	var ctx = canvas.getContext('2d');
	var tooltip = document.getElementById('tl-tooltip');
	var search = document.getElementById('tl-search');
	var matchesInfo = document.getElementById('tl-matches');
	var rangeInfo = document.getElementById('tl-range');
	var selectionInfo = document.getElementById('tl-selection');

	/* ---- the data ---------------------------------------------------------------------- */

	function decodeLane(l) {
		var s = STRIDE[l.kind], n = Math.floor(l.items.length / s);
		var lane = {
			kind: l.kind, label: l.label, pid: l.pid, id: l.id, intervals: l.intervals,
			maxDur: l.maxDur, n: n,
			rows: l.kind === 'api' ? Math.max(1, Math.min(l.rows, MAX_ROWS)) : 1,
			begin: new Float64Array(n), end: new Float64Array(n), name: new Int32Array(n),
			depth: new Int32Array(n), status: new Float64Array(n), bytes: new Float64Array(n),
			corr: new Float64Array(n), merged: new Map(), isMerged: new Uint8Array(n),
			failed: new Uint8Array(n), y: 0, h: 0
		};
		var t = 0;
		for (var i = 0; i < n; i++) {
			var o = i * s;
			t += l.items[o];
			lane.begin[i] = t;
			lane.end[i] = t + l.items[o + 1];
			lane.name[i] = l.items[o + 2];
			if (l.kind === 'api') {
				lane.depth[i] = l.items[o + 3];
				lane.status[i] = l.items[o + 4];
			} else if (l.kind === 'kernel') {
				lane.corr[i] = l.items[o + 3];
			} else {
				lane.bytes[i] = l.items[o + 3];
				lane.corr[i] = l.items[o + 4];
			}
		}
		l.merged.forEach(function (m) {
			lane.merged.set(m[0], { count: m[1], busy: m[2], errors: m[3], main: m[4] });
			lane.isMerged[m[0]] = 1;
		});
		/* Which bars get the error mark: decided once, not at every drawing. */
		for (var k = 0; l.kind === 'api' && k < n; k++)
			lane.failed[k] = lane.isMerged[k] ? lane.merged.get(k).errors > 0 : isError(lane.status[k]);
		lane.h = lane.rows * ROW_H + (l.kind === 'api' ? 0 : 4);
		return lane;
	}

	function decodeCounter(c) {
		var n = Math.floor(c.points.length / 2), t = 0;
		var counter = { label: c.label, samples: c.samples, min: c.min, max: c.max, n: n,
				ts: new Float64Array(n), value: new Float64Array(n), y: 0,
				h: COUNTER_H };
		for (var i = 0; i < n; i++) {
			t += c.points[2 * i];
			counter.ts[i] = t;
			counter.value[i] = c.points[2 * i + 1] === null ? NaN : c.points[2 * i + 1];
		}
		return counter;
	}

	var names = data.names;
	var lanes = data.lanes.map(decodeLane);
	var counters = data.counters.map(decodeCounter);
	var span = Math.max(data.span, 1);
	var height = AXIS_H;
	lanes.forEach(function (l) { l.y = height; height += l.h + LANE_GAP; });
	counters.forEach(function (c) { c.y = height; height += c.h + LANE_GAP; });
	height += 4;

	/* The trace's error statuses (hsat_status_is_error, schema/hsatrace_schema.h). */
	function isError(status) {
		return data.errorStatus.some(function (r) { return status >= r[0] && status <= r[1]; });
	}

	/* A stable colour per name (FNV-1a of its characters), so a kernel looks the same in
	 * every report. */
	var colours = names.map(function (s) {
		var h = 2166136261;
		for (var i = 0; i < s.length; i++)
			h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
		return 'hsl(' + (h % 360) + ',55%,55%)';
	});
	function colourOf(nameIndex) {
		return nameIndex < 0 ? '#999' : colours[nameIndex];
	}

	/* ---- units --------------------------------------------------------------------------- */

	function fmtDuration(ns) {
		var a = Math.abs(ns);
		if (a < 10000)
			return Math.round(ns) + ' ns';
		if (a < 10000000)
			return (ns / 1e3).toFixed(1) + ' us';
		if (a < 10000000000)
			return (ns / 1e6).toFixed(1) + ' ms';
		return (ns / 1e9).toFixed(2) + ' s';
	}

	function fmtBytes(b) {
		var units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'], v = b, u = 0;
		while (v >= 1024 && u < units.length - 1) {
			v /= 1024;
			u++;
		}
		return u ? v.toFixed(1) + ' ' + units[u] + ' (' + b + ' bytes)' : b + ' bytes';
	}

	function fmtStatus(status) {
		var hex = status < 0 ? '-0x' + (-status).toString(16) : '0x' + status.toString(16);
		return hex + (status === 0 ? ' (success)' : isError(status) ? ' (error)' : '');
	}

	/* ---- the view -------------------------------------------------------------------------- */

	var view = { begin: 0, end: span };
	var selection = null;      /* { a, b } in ns, or null */
	var match = null;          /* Uint8Array over names, or null when no search */
	var plotW = 1000, last = {};

	function xOf(t) { return LABEL_W + (t - view.begin) / (view.end - view.begin) * plotW; }
	function tOf(x) { return view.begin + (x - LABEL_W) / plotW * (view.end - view.begin); }

	function setView(begin, end) {
		var w = Math.max(end - begin, 10), margin = span * 0.05;
		if (w > span + 2 * margin)
			w = span + 2 * margin;
		begin = Math.max(-margin, Math.min(begin, span + margin - w));
		view.begin = begin;
		view.end = begin + w;
		schedule();
	}

	function zoomAt(t, factor) {
		setView(t - (t - view.begin) * factor, t + (view.end - t) * factor);
	}

	function pan(fraction) {
		var d = (view.end - view.begin) * fraction;
		setView(view.begin + d, view.end + d);
	}

	/* ---- drawing ----------------------------------------------------------------------- */

	/* The first item that may overlap t: begins from t - maxDur on. */
	function firstFrom(lane, t) {
		var lo = 0, hi = lane.n;
		while (lo < hi) {
			var mid = (lo + hi) >> 1;
			if (lane.begin[mid] < t)
				lo = mid + 1;
			else
				hi = mid;
		}
		return lo;
	}

	/* A merged bar of several names takes the colour of most of its busy time. */
	function itemColour(lane, i) {
		var n = lane.name[i];
		if (match && (n < 0 || !match[n]))
			return '#e4e4e4';
		if (n < 0 && lane.isMerged[i])
			n = lane.merged.get(i).main;
		return colourOf(n);
	}

	function drawAxis() {
		var w = view.end - view.begin, step = 1;
		for (var decade = 1; decade < 1e18; decade *= 10) {
			var found = [1, 2, 5].some(function (m) { step = m * decade; return w / step <= 10; });
			if (found)
				break;
		}
		ctx.strokeStyle = '#ddd';
		ctx.fillStyle = '#222';
		ctx.font = '11px sans-serif';
		ctx.lineWidth = 1;
		for (var t = Math.ceil(view.begin / step) * step; t <= view.end; t += step) {
			var x = Math.round(xOf(t)) + 0.5;
			ctx.beginPath();
			ctx.moveTo(x, AXIS_H - 8);
			ctx.lineTo(x, height);
			ctx.stroke();
			ctx.fillText('+' + fmtDuration(t), x + 2, 13);
		}
	}

	/* Per row, what falls into the current pixel column: drawn when the column changes. */
	function newColumns(rows) {
		var cols = [];
		for (var r = 0; r < rows; r++)
			cols.push({ x: -1, dur: -1, colour: null });
		return cols;
	}

	/* Setting a canvas's fill style parses the colour: skip it when it does not change. */
	var currentFill = null;
	function fill(colour) {
		if (colour !== currentFill) {
			ctx.fillStyle = colour;
			currentFill = colour;
		}
	}

	function flushColumn(col, y) {
		if (col.x < 0)
			return 0;
		fill(col.colour);
		ctx.fillRect(col.x, y, 1, ROW_H - 1);
		col.x = -1;
		col.dur = -1;
		return 1;
	}

	function drawLane(lane, stats) {
		var left = LABEL_W, right = LABEL_W + plotW;
		var cols = newColumns(lane.rows);
		var i = firstFrom(lane, view.begin - lane.maxDur);
		ctx.globalAlpha = 1;
		currentFill = null;
		for (; i < lane.n && lane.begin[i] <= view.end; i++) {
			if (lane.end[i] < view.begin)
				continue;
			stats.visible++;
			if (match && lane.name[i] >= 0 && match[lane.name[i]])
				stats.matchesVisible++;
			var row = lane.kind === 'api' ? Math.min(lane.depth[i], lane.rows - 1) : 0;
			var y = lane.y + row * ROW_H;
			var x0 = Math.max(xOf(lane.begin[i]), left), x1 = Math.min(xOf(lane.end[i]), right);
			var colour = itemColour(lane, i), merged = lane.isMerged[i];
			if (x1 - x0 >= 1) {
				if (merged)
					ctx.globalAlpha = 0.7;
				fill(colour);
				ctx.fillRect(x0, y, x1 - x0, ROW_H - 1);
				if (merged)
					ctx.globalAlpha = 1;
				if (lane.failed[i]) {
					fill('#d00');
					ctx.fillRect(x0, y, x1 - x0, 2);
				}
				stats.marks++;
				continue;
			}
			var col = cols[row], x = Math.floor(x0), dur = lane.end[i] - lane.begin[i];
			if (col.x !== x)
				stats.marks += flushColumn(col, y);
			if (dur > col.dur) {
				col.x = x;
				col.dur = dur;
				col.colour = colour;
			}
		}
		for (var r = 0; r < lane.rows; r++)
			stats.marks += flushColumn(cols[r], lane.y + r * ROW_H);
	}

	/* A step plot: a counter keeps its value until its next sample; several samples in one
	 * pixel column draw that column's range. */
	function drawCounter(c, stats) {
		var range = c.max > c.min ? c.max - c.min : 1;
		function yOf(v) { return c.y + c.h - 4 - (v - c.min) / range * (c.h - 8); }
		var i = Math.max(firstFrom({ begin: c.ts, n: c.n }, view.begin) - 1, 0);
		ctx.strokeStyle = '#c33';
		ctx.lineWidth = 1.2;
		ctx.beginPath();
		var started = false, prevY = 0;
		for (; i < c.n; i++) {
			var x = Math.max(xOf(c.ts[i]), LABEL_W), y = yOf(c.value[i]);
			if (!isFinite(y))
				continue;
			if (c.ts[i] >= view.begin && c.ts[i] <= view.end)
				stats.visible++;
			if (!started)
				ctx.moveTo(x, y);
			else {
				ctx.lineTo(x, prevY);
				ctx.lineTo(x, y);
			}
			started = true;
			prevY = y;
			if (c.ts[i] > view.end)
				break;
		}
		if (started)
			ctx.lineTo(LABEL_W + plotW, prevY);
		ctx.stroke();
		stats.marks++;
	}

	function drawLabels() {
		ctx.fillStyle = '#fff';
		ctx.fillRect(0, 0, LABEL_W - 2, height);
		ctx.fillStyle = '#222';
		ctx.font = '11px sans-serif';
		lanes.forEach(function (l) {
			var label = l.label + (l.intervals > l.n ? ' *' : '');
			ctx.fillText(label, 4, l.y + ROW_H - 2, LABEL_W - 8);
		});
		counters.forEach(function (c) {
			ctx.fillText(c.label, 4, c.y + 12, LABEL_W - 8);
			ctx.fillStyle = '#666';
			ctx.fillText(c.min + ' .. ' + c.max, 4, c.y + 26, LABEL_W - 8);
			ctx.fillStyle = '#222';
		});
	}

	function drawSelection() {
		if (!selection)
			return;
		var a = Math.max(xOf(Math.min(selection.a, selection.b)), LABEL_W);
		var b = Math.min(xOf(Math.max(selection.a, selection.b)), LABEL_W + plotW);
		if (b < a)
			return;
		ctx.fillStyle = 'rgba(60,120,220,0.15)';
		ctx.fillRect(a, AXIS_H - 8, Math.max(b - a, 1), height);
		ctx.strokeStyle = 'rgba(60,120,220,0.8)';
		ctx.strokeRect(a + 0.5, AXIS_H - 8, Math.max(b - a, 1), height - AXIS_H + 8);
	}

	/* The plot's width from the canvas's current width (a scroll bar appearing changes it). */
	function measure() {
		var width = canvas.clientWidth || 1250;
		plotW = Math.max(width - LABEL_W - RIGHT_PAD, 100);
		return width;
	}

	function render() {
		pending = false;
		var dpr = window.devicePixelRatio || 1, width = measure();
		canvas.width = Math.round(width * dpr);
		canvas.height = Math.round(height * dpr);
		canvas.style.height = height + 'px';
		ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
		ctx.clearRect(0, 0, width, height);
		drawAxis();
		var stats = { visible: 0, marks: 0, matchesVisible: 0 };
		lanes.forEach(function (l) { drawLane(l, stats); });
		counters.forEach(function (c) { drawCounter(c, stats); });
		drawSelection();
		drawLabels();
		last = stats;
		rangeInfo.textContent = 'view +' + fmtDuration(view.begin) + ' .. +' +
			fmtDuration(view.end) + ' (' + fmtDuration(view.end - view.begin) + '), ' +
			stats.visible + ' items';
		canvas.setAttribute('data-visible', String(stats.visible));
		canvas.setAttribute('data-marks', String(stats.marks));
	}

	var pending = false;
	function schedule() {
		if (pending)
			return;
		pending = true;
		window.requestAnimationFrame(render);
	}

	/* ---- what is under the pointer ---------------------------------------------------- */

	function hit(x, y) {
		if (x < LABEL_W || x > LABEL_W + plotW)
			return null;
		var t = tOf(x), tol = HIT_PX / plotW * (view.end - view.begin);
		for (var k = 0; k < lanes.length; k++) {
			var l = lanes[k];
			if (y < l.y || y >= l.y + l.h)
				continue;
			var row = Math.floor((y - l.y) / ROW_H), best = -1;
			for (var i = firstFrom(l, t - tol - l.maxDur); i < l.n && l.begin[i] <= t + tol; i++) {
				var r = l.kind === 'api' ? Math.min(l.depth[i], l.rows - 1) : 0;
				if (r !== row || l.end[i] < t - tol)
					continue;
				if (best < 0 || l.end[i] - l.begin[i] < l.end[best] - l.begin[best])
					best = i;
			}
			return best < 0 ? null : { lane: l, i: best };
		}
		for (var j = 0; j < counters.length; j++) {
			var c = counters[j];
			if (y < c.y || y >= c.y + c.h)
				continue;
			var p = firstFrom({ begin: c.ts, n: c.n }, t + 1) - 1;
			return p < 0 ? null : { counter: c, i: p };
		}
		return null;
	}

	function describe(h) {
		var rows = [], title;
		if (h.counter) {
			var c = h.counter;
			title = c.label;
			rows.push(['value', String(c.value[h.i])], ['sampled at', '+' + fmtDuration(c.ts[h.i])],
				  ['range', c.min + ' .. ' + c.max], ['samples', String(c.samples)]);
			return { title: title, rows: rows };
		}
		var l = h.lane, i = h.i, m = l.merged.get(i), dur = l.end[i] - l.begin[i];
		var name = l.name[i] >= 0 ? names[l.name[i]] :
			'several names, mostly ' + (m ? names[m.main] : '?');
		title = m ? m.count + ' intervals merged: ' + name : name;
		rows.push([l.kind === 'api' ? 'thread' : l.kind === 'kernel' ? 'queue' : 'lane', l.label]);
		rows.push(['start', '+' + fmtDuration(l.begin[i])], [m ? 'span' : 'duration', fmtDuration(dur)]);
		if (m)
			rows.push(['busy', fmtDuration(m.busy)]);
		if (l.kind === 'api') {
			rows.push(m ? ['errors', m.errors + ' of ' + m.count + ' calls'] :
				  ['status', fmtStatus(l.status[i])]);
			rows.push(['depth', String(l.depth[i])]);
		}
		if (l.kind === 'copy') {
			var busy = m ? m.busy : dur;
			rows.push(['bytes', fmtBytes(l.bytes[i])]);
			rows.push(['bandwidth', busy > 0 ? (l.bytes[i] / busy).toFixed(3) + ' GB/s' : 'n/a']);
		}
		if (l.kind !== 'api')
			rows.push([m ? 'first correlation id' : 'correlation id', String(l.corr[i])]);
		return { title: title, rows: rows };
	}

	function showTooltip(h, x, y) {
		if (!h) {
			tooltip.hidden = true;
			return;
		}
		var d = describe(h);
		tooltip.textContent = '';
		var b = document.createElement('b');
		b.textContent = d.title;
		tooltip.appendChild(b);
		var table = document.createElement('table');
		d.rows.forEach(function (r) {
			var tr = table.insertRow(), k = tr.insertCell(), v = tr.insertCell();
			k.className = 'k';
			k.textContent = r[0];
			v.textContent = r[1];
		});
		tooltip.appendChild(table);
		tooltip.hidden = false;
		var left = x + 14, top = y + 14;
		if (left + tooltip.offsetWidth > canvas.clientWidth)
			left = Math.max(x - tooltip.offsetWidth - 8, 0);
		tooltip.style.left = left + 'px';
		tooltip.style.top = top + 'px';
	}

	/* ---- search ------------------------------------------------------------------------ */

	function applySearch() {
		var q = search.value.trim().toLowerCase();
		if (!q) {
			match = null;
			matchesInfo.textContent = '';
			schedule();
			return;
		}
		match = new Uint8Array(names.length);
		var nNames = 0, nBars = 0;
		names.forEach(function (n, i) {
			if (n.toLowerCase().indexOf(q) >= 0) {
				match[i] = 1;
				nNames++;
			}
		});
		lanes.forEach(function (l) {
			for (var i = 0; i < l.n; i++)
				if (l.name[i] >= 0 && match[l.name[i]])
					nBars++;
		});
		matchesInfo.textContent = nNames + (nNames === 1 ? ' name, ' : ' names, ') + nBars +
			(nBars === 1 ? ' bar' : ' bars') + ' match';
		matchesInfo.setAttribute('data-names', String(nNames));
		matchesInfo.setAttribute('data-bars', String(nBars));
		schedule();
	}

	/* Zooms to the first matching item that begins after the view's middle (wrapping). */
	function nextMatch() {
		if (!match)
			return;
		var from = (view.begin + view.end) / 2, best = null, first = null;
		lanes.forEach(function (l) {
			for (var i = 0; i < l.n; i++) {
				if (l.name[i] < 0 || !match[l.name[i]])
					continue;
				if (!first || l.begin[i] < first.lane.begin[first.i])
					first = { lane: l, i: i };
				if (l.begin[i] > from && (!best || l.begin[i] < best.lane.begin[best.i]))
					best = { lane: l, i: i };
			}
		});
		best = best || first;
		if (!best)
			return;
		var b = best.lane.begin[best.i], e = best.lane.end[best.i];
		var w = Math.max((e - b) * 4, 1000), mid = (b + e) / 2;
		setView(mid - w / 2, mid + w / 2);
	}

	/* ---- the legend -------------------------------------------------------------------- */

	function buildLegend() {
		var legend = document.getElementById('tl-legend');
		if (!legend)
			return;
		var groups = [['api', 'API functions'], ['kernel', 'Kernels'], ['copy', 'Copies']];
		groups.forEach(function (g) {
			var busy = new Map();
			lanes.forEach(function (l) {
				if (l.kind !== g[0])
					return;
				for (var i = 0; i < l.n; i++)
					if (l.name[i] >= 0)
						busy.set(l.name[i], (busy.get(l.name[i]) || 0) + l.end[i] - l.begin[i]);
			});
			if (!busy.size)
				return;
			var div = document.createElement('div'), head = document.createElement('span');
			head.className = 'group';
			head.textContent = g[1] + ':';
			div.appendChild(head);
			var order = Array.from(busy.keys()).sort(function (a, b) { return busy.get(b) - busy.get(a); });
			order.slice(0, 24).forEach(function (n) {
				var e = document.createElement('span'), sw = document.createElement('span');
				e.className = 'entry';
				e.title = 'search for ' + names[n];
				sw.className = 'swatch';
				sw.style.background = colourOf(n);
				e.appendChild(sw);
				e.appendChild(document.createTextNode(names[n]));
				e.addEventListener('click', function () {
					search.value = names[n];
					applySearch();
				});
				div.appendChild(e);
			});
			if (order.length > 24) {
				var more = document.createElement('span');
				more.className = 'more';
				more.textContent = '... and ' + (order.length - 24) + ' more (search finds them)';
				div.appendChild(more);
			}
			legend.appendChild(div);
		});
		var marks = document.createElement('div');
		marks.innerHTML = '<span class="group">Marks:</span>' +
			'<span class="entry"><span class="swatch merged"></span>merged bar (several ' +
			'intervals, lanes marked *)</span><span class="entry"><span class="swatch error">' +
			'</span>API call that returned an error (red top edge)</span>';
		legend.appendChild(marks);
	}

	/* ---- input ------------------------------------------------------------------------- */

	var drag = null;   /* { x, begin, end, select } while a button is down */

	function localX(e) {
		measure();
		return e.clientX - canvas.getBoundingClientRect().left - canvas.clientLeft;
	}
	function localY(e) { return e.clientY - canvas.getBoundingClientRect().top - canvas.clientTop; }

	function showSelection() {
		if (!selection) {
			selectionInfo.textContent = '';
			return;
		}
		var a = Math.min(selection.a, selection.b), b = Math.max(selection.a, selection.b);
		selectionInfo.textContent = 'selection +' + fmtDuration(a) + ' .. +' + fmtDuration(b) +
			': ' + fmtDuration(b - a) + ' (Enter zooms to it)';
	}

	function zoomToSelection() {
		if (!selection || selection.a === selection.b)
			return;
		setView(Math.min(selection.a, selection.b), Math.max(selection.a, selection.b));
		selection = null;
		showSelection();
	}

	canvas.addEventListener('wheel', function (e) {
		e.preventDefault();
		var x = localX(e);
		if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
			pan((e.deltaX || e.deltaY) / plotW);
			return;
		}
		var t = x >= LABEL_W ? tOf(x) : (view.begin + view.end) / 2;
		zoomAt(t, Math.exp(Math.max(-5, Math.min(5, e.deltaY * 0.002))));
	}, { passive: false });

	canvas.addEventListener('mousedown', function (e) {
		if (e.button !== 0)
			return;
		canvas.focus();
		var x = localX(e);
		drag = { x: x, begin: view.begin, end: view.end, select: e.shiftKey };
		if (drag.select) {
			selection = { a: tOf(x), b: tOf(x) };
			showSelection();
		}
		e.preventDefault();
	});

	window.addEventListener('mousemove', function (e) {
		if (!drag)
			return;
		var x = localX(e);
		if (drag.select) {
			selection.b = tOf(x);
			showSelection();
			schedule();
		} else {
			var d = (drag.x - x) / plotW * (drag.end - drag.begin);
			setView(drag.begin + d, drag.end + d);
		}
	});

	window.addEventListener('mouseup', function () { drag = null; });

	canvas.addEventListener('mousemove', function (e) {
		if (drag) {
			tooltip.hidden = true;
			return;
		}
		var x = localX(e), y = localY(e);
		showTooltip(hit(x, y), x, y);
	});

	canvas.addEventListener('mouseleave', function () { tooltip.hidden = true; });

	canvas.addEventListener('dblclick', function (e) {
		if (selection)
			zoomToSelection();
		else
			zoomAt(tOf(localX(e)), 0.5);
	});

	canvas.addEventListener('keydown', function (e) {
		var mid = (view.begin + view.end) / 2, handled = true;
		switch (e.key) {
		case '+': case '=': case 'w': zoomAt(mid, 1 / 1.5); break;
		case '-': case '_': case 's': zoomAt(mid, 1.5); break;
		case 'ArrowLeft': case 'a': pan(-0.2); break;
		case 'ArrowRight': case 'd': pan(0.2); break;
		case '0': case 'Home': setView(0, span); break;
		case 'Enter': case 'z': zoomToSelection(); break;
		case 'Escape': selection = null; showSelection(); schedule(); break;
		case 'n': nextMatch(); break;
		default: handled = false;
		}
		if (handled)
			e.preventDefault();
	});

	search.addEventListener('input', applySearch);
	search.addEventListener('keydown', function (e) {
		if (e.key === 'Enter') {
			e.preventDefault();
			nextMatch();
		}
	});
	document.getElementById('tl-reset').addEventListener('click', function () { setView(0, span); });
	window.addEventListener('resize', schedule);
	if (window.ResizeObserver)
		new ResizeObserver(schedule).observe(canvas);

	/* ---- for the tests ----------------------------------------------------------------- */

	window.hsatraceTimeline = {
		view: function () { return { begin: view.begin, end: view.end }; },
		drawn: function () { return { visible: last.visible, marks: last.marks,
					      matchesVisible: last.matchesVisible }; },
		lanes: function () {
			return lanes.map(function (l) { return { kind: l.kind, label: l.label, items: l.n }; });
		},
		/* Where item i of lane k is drawn, in client coordinates (its middle, its row), or
		 * null when it is outside the view. */
		locate: function (k, i) {
			var l = lanes[k];
			var a = Math.max(xOf(l.begin[i]), LABEL_W), b = Math.min(xOf(l.end[i]), LABEL_W + plotW);
			if (b < a)
				return null;
			var r = canvas.getBoundingClientRect();
			r = { left: r.left + canvas.clientLeft, top: r.top + canvas.clientTop };
			var row = l.kind === 'api' ? Math.min(l.depth[i], l.rows - 1) : 0;
			return { x: r.left + (a + b) / 2, y: r.top + l.y + row * ROW_H + ROW_H / 2 };
		},
		setView: setView,
		render: render
	};

	buildLegend();
	render();
})();
