import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Microsoft's MSAL sample for Android in single-account mode, as a hubsim pane on entra-android,
 * in plain Java 17 with no dependencies (the protocol: Docs/bridge-protocol.md, "Android").
 *
 * Written anew from what the public sample does, event for event; its code is not copied. The
 * sample: Azure-Samples/ms-identity-android-java,
 * app/src/main/java/com/azuresamples/msalandroidapp/SingleAccountModeFragment.java. What it does,
 * and so what this app does:
 * - onCreateView creates the single-account PublicClientApplication, and its onCreated calls
 *   getCurrentAccountAsync (app/launch; the onResume that comes first finds no application yet and
 *   returns); every later onResume calls it again (app/foreground);
 * - it registers no receiver for CURRENT_ACCOUNT_CHANGED and never asks isSharedDevice;
 * - onAccountChanged(prior, current) acts only when current is null: it clears the screen
 *   ("Signed Out."), and deletes nothing; another account in current is left to onAccountLoaded;
 * - onAccountLoaded(active), which MSAL calls after onAccountChanged too, updates the screen for
 *   that account: this app keeps the account's tasks (plain, as an app's own files are) and shows
 *   them, or shows nobody.
 * Its check-app table, and what it leaves undone: Docs/app-developers.md, "The public samples,
 * through check-app".
 * One file, no build step:
 *   swift run hubsim --profile entra-android --app 'android-sample=java Examples/java/SingleAccountSample.java'
 */
public final class SingleAccountSample {
    private final BufferedReader in;
    private final PrintStream out;
    private int calls = 0; // the app's own requests so far: their ids are "a1", "a2", ...

    private SingleAccountSample(BufferedReader in, PrintStream out) {
        this.in = in;
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // Json.write escapes every non-ASCII character, so the platform's encoding cannot garble a line.
        new SingleAccountSample(in, System.out).run();
    }

    /** hubsim's events, one at a time, each answered when handled; stdin closes after app/terminate. */
    private void run() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> request = Json.object(Json.parse(line));
            var params = request.get("params") instanceof Map<?, ?> ? Json.object(request.get("params")) : Map.<String, Object>of();
            var result = handle((String) request.get("method"), params);
            send(Json.obj("id", request.get("id"), "result", result));
        }
    }

    private Map<String, Object> handle(String method, Map<String, Object> params) throws IOException {
        if (method.equals("initialize")) {
            return Json.obj("protocolVersion", "1", "name", "MSAL Android sample");
        }
        if (method.equals("app/launch") || method.equals("app/foreground")) {
            loadAccount();
        }
        return Json.obj(); // a broadcast cannot come: no receiver is registered
    }

    /**
     * The sample's loadAccount: getCurrentAccountAsync and its callbacks. hubsim answers with the
     * callback that tells the change; MSAL for Android then calls onAccountLoaded(current) as well,
     * every time (AzureAD/microsoft-authentication-library-for-android,
     * SingleAccountPublicClientApplication.java, checkCurrentAccountNotifyCallback), and so does this app.
     */
    private void loadAccount() throws IOException {
        var result = call("msal/getCurrentAccountAsync", Json.obj());
        if (result == null) {
            return; // onError: the error is in the log
        }
        if ("onAccountChanged".equals(result.get("callback"))) {
            String current = username(result.get("currentAccount"));
            onAccountChanged(username(result.get("priorAccount")), current);
            onAccountLoaded(current);
        } else {
            onAccountLoaded(username(result.get("activeAccount")));
        }
    }

    private void onAccountLoaded(String activeAccount) throws IOException {
        updateUI(activeAccount);
    }

    private void onAccountChanged(String priorAccount, String currentAccount) throws IOException {
        if (currentAccount == null) {
            performOperationOnSignOut(); // the sample's cleanup: the screen, nothing else
        }
    }

    private void updateUI(String account) throws IOException {
        if (account == null) {
            call("screen/show", Json.obj("user", null, "items", List.of()));
            return;
        }
        String key = "tasks-" + account;
        call("storage/put", Json.obj("key", key, "owner", account, "protection", "plain", "text", "5 tasks of " + account));
        call("screen/show", Json.obj("user", account, "items", List.of(key)));
    }

    private void performOperationOnSignOut() throws IOException {
        System.err.println("Signed Out.");
        call("screen/show", Json.obj("user", null, "items", List.of(), "lines", List.of("Signed Out.")));
    }

    private static String username(Object account) {
        return account instanceof Map<?, ?> map ? (String) map.get("username") : null;
    }

    /** Asks hubsim (MSAL, the device's storage, the screen); the result, or null on an error. */
    private Map<String, Object> call(String method, Map<String, Object> params) throws IOException {
        String id = "a" + (++calls);
        send(Json.obj("id", id, "method", method, "params", params));
        String line = in.readLine();
        if (line == null) {
            throw new IOException("hubsim closed the app's standard input during " + method);
        }
        Map<String, Object> answer = Json.object(Json.parse(line));
        if (!id.equals(answer.get("id"))) {
            throw new IOException("expected the answer to " + id + ", got " + line);
        }
        if (answer.containsKey("error")) {
            System.err.println(method + ": " + Json.object(answer.get("error")).get("message")); // the pane's log
            return null;
        }
        return Json.object(answer.get("result"));
    }

    private void send(Map<String, Object> message) {
        var framed = new LinkedHashMap<String, Object>();
        framed.put("jsonrpc", "2.0");
        framed.putAll(message);
        out.print(Json.write(framed) + "\n");
        out.flush();
    }

    /**
     * Just enough JSON (RFC 8259) for the protocol, as in Examples/java/StoreApp.java: objects as
     * LinkedHashMap, arrays as List, strings, integers as Long, other numbers as Double, booleans, null.
     */
    static final class Json {
        private final String text;
        private int at = 0;

        private Json(String text) {
            this.text = text;
        }

        /** An object from keys and values in turn; values may be null, unlike Map.of. */
        static Map<String, Object> obj(Object... keysAndValues) {
            var map = new LinkedHashMap<String, Object>();
            for (int i = 0; i < keysAndValues.length; i += 2) {
                map.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
            return map;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(Object value) {
            if (!(value instanceof Map<?, ?>)) {
                throw new IllegalArgumentException("not a JSON object: " + write(value));
            }
            return (Map<String, Object>) value;
        }

        static Object parse(String text) {
            var parser = new Json(text);
            Object value = parser.value();
            parser.space();
            if (parser.at != text.length()) {
                throw parser.error("text after the value");
            }
            return value;
        }

        private Object value() {
            space();
            if (at >= text.length()) {
                throw error("a value expected");
            }
            return switch (text.charAt(at)) {
                case '{' -> objectValue();
                case '[' -> arrayValue();
                case '"' -> stringValue();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> numberValue();
            };
        }

        private Map<String, Object> objectValue() {
            var map = new LinkedHashMap<String, Object>();
            at++;
            space();
            if (take('}')) {
                return map;
            }
            do {
                space();
                String key = stringValue();
                space();
                expect(':');
                map.put(key, value());
                space();
            } while (take(','));
            expect('}');
            return map;
        }

        private List<Object> arrayValue() {
            var list = new ArrayList<Object>();
            at++;
            space();
            if (take(']')) {
                return list;
            }
            do {
                list.add(value());
                space();
            } while (take(','));
            expect(']');
            return list;
        }

        private String stringValue() {
            expect('"');
            var out = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw error("an unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return out.toString();
                } else if (c < 0x20) {
                    throw error("a control character in a string");
                } else if (c != '\\') {
                    out.append(c);
                } else {
                    if (at >= text.length()) {
                        throw error("an unterminated escape");
                    }
                    char escape = text.charAt(at++);
                    switch (escape) {
                        case '"', '\\', '/' -> out.append(escape);
                        case 'b' -> out.append('\b');
                        case 'f' -> out.append('\f');
                        case 'n' -> out.append('\n');
                        case 'r' -> out.append('\r');
                        case 't' -> out.append('\t');
                        case 'u' -> {
                            // A UTF-16 code unit: a surrogate pair arrives as two escapes, appended in turn.
                            if (at + 4 > text.length()) {
                                throw error("a short \\u escape");
                            }
                            int unit = 0;
                            for (int end = at + 4; at < end; at++) {
                                int digit = Character.digit(text.charAt(at), 16);
                                if (digit < 0) {
                                    throw error("a bad \\u escape");
                                }
                                unit = unit * 16 + digit;
                            }
                            out.append((char) unit);
                        }
                        default -> throw error("a bad escape \\" + escape);
                    }
                }
            }
        }

        private Object numberValue() {
            int start = at;
            take('-');
            int digits = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (at == digits || (text.charAt(digits) == '0' && at - digits > 1)) {
                throw error("a bad number");
            }
            boolean integral = true;
            if (take('.')) {
                integral = false;
                digitsRequired();
            }
            if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
                integral = false;
                at++;
                if (!take('+')) {
                    take('-');
                }
                digitsRequired();
            }
            String number = text.substring(start, at);
            if (integral) {
                try {
                    return Long.parseLong(number);
                } catch (NumberFormatException tooLong) {
                    return Double.parseDouble(number);
                }
            }
            return Double.parseDouble(number);
        }

        private void digitsRequired() {
            int start = at;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            if (at == start) {
                throw error("a bad number");
            }
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, at)) {
                throw error("a bad literal");
            }
            at += word.length();
            return value;
        }

        private void space() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
        }

        private boolean take(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!take(c)) {
                throw error("'" + c + "' expected");
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON: " + what + " at " + at);
        }

        static String write(Object value) {
            var out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        private static void write(Object value, StringBuilder out) {
            if (value == null) {
                out.append("null");
            } else if (value instanceof String s) {
                quote(s, out);
            } else if (value instanceof Boolean || value instanceof Long || value instanceof Integer) {
                out.append(value);
            } else if (value instanceof Double d) {
                if (d.isNaN() || d.isInfinite()) {
                    throw new IllegalArgumentException("JSON has no " + d);
                }
                out.append(d);
            } else if (value instanceof Map<?, ?> map) {
                out.append('{');
                String comma = "";
                for (var entry : map.entrySet()) {
                    out.append(comma);
                    quote((String) entry.getKey(), out);
                    out.append(':');
                    write(entry.getValue(), out);
                    comma = ",";
                }
                out.append('}');
            } else if (value instanceof List<?> list) {
                out.append('[');
                String comma = "";
                for (Object element : list) {
                    out.append(comma);
                    write(element, out);
                    comma = ",";
                }
                out.append(']');
            } else {
                throw new IllegalArgumentException("not a JSON value: " + value.getClass());
            }
        }

        /** Escapes quotes, backslashes, control and non-ASCII characters: the line is plain ASCII. */
        private static void quote(String s, StringBuilder out) {
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20 || c > 0x7e) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }
    }
}
