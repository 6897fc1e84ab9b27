// Tell the site the browser's time zone, so dates are shown in it (games/dates.py).
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-\/]+$/.test(zone)) {
    return;
  }
  var current = document.cookie.split("; ").filter(function (pair) {
    return pair.indexOf("tz=") === 0;
  })[0];
  if (current === "tz=" + zone) {
    return;
  }
  var secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax" + secure;
})();
