package org.leaderboard.system;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.leaderboard.model.time.TimeUuids;

/**
 * Generates malformed requests against every endpoint of the writer ({@code POST /boards}, {@code
 * POST /boards/{board}/votes}, {@code .../votes/batch}, {@code .../votes/{voteId}/retraction}, and
 * the board administration: {@code GET /boards}, {@code GET /boards/{board}}, {@code .../close},
 * {@code .../reopen}) and of the query service ({@code GET /boards/{board}/leaderboard}, {@code
 * /boards/{board}/users/{user}}). Board {@link #BOARD} exists with default settings and user {@link
 * #USER} has votes on it, so each request has exactly one thing wrong. JSON is written with {@code
 * `} for {@code "} to stay readable.
 */
final class BadInputCorpus {

    static final String BOARD = "corpus";
    static final String USER = "alice";
    private static final String VOTES = "/boards/" + BOARD + "/votes";
    private static final String BATCH = VOTES + "/batch";
    private static final String TOP = "/boards/" + BOARD + "/leaderboard";
    private static final String STANDING = "/boards/" + BOARD + "/users/" + USER;
    private static final String VALID_VOTE = j("{`user`:`u1`,`voter`:`v1`,`votes`:1}");

    private final List<BadRequest> requests = new ArrayList<>();

    static List<BadRequest> generate() {
        BadInputCorpus corpus = new BadInputCorpus();
        corpus.brokenJson();
        corpus.wrongTypes();
        corpus.missingFields();
        corpus.oversize();
        corpus.voteCounts();
        corpus.voteIds();
        corpus.unknownBoards();
        corpus.idCharacters();
        corpus.cqlLooking();
        corpus.boardSettings();
        corpus.retractions();
        corpus.methodsAndMedia();
        corpus.credentials();
        corpus.boardAdministration();
        corpus.queryParameters();
        corpus.queryPaths();
        return List.copyOf(corpus.requests);
    }

    private void brokenJson() {
        List<String[]> endpoints =
                List.of(
                        new String[] {"/boards", j("{`board`:`broken-json`}")},
                        new String[] {VOTES, VALID_VOTE},
                        new String[] {BATCH, j("{`votes`:[") + VALID_VOTE + "]}"});
        for (String[] endpoint : endpoints) {
            String path = endpoint[0];
            String valid = endpoint[1];
            for (String body :
                    List.of(
                            "{",
                            "}",
                            "[",
                            "nul",
                            "tru",
                            "{}{}",
                            valid + " x",
                            valid + "{}",
                            valid + ",",
                            valid.substring(0, valid.length() - 1),
                            valid.substring(0, valid.length() / 2),
                            valid.replace("}", ",}"),
                            valid.replace('"', '\''),
                            valid.replace("\"", ""),
                            "/* note */" + valid,
                            "// note\n" + valid,
                            j("{`a`:1 `b`:2}"),
                            j("{`a`:01}"),
                            j("{`a`:1e}"),
                            j("{`a`:NaN}"),
                            j("{`a`:Infinity}"),
                            j("{`a`:0x10}"),
                            j("{`a`:`\\q`}"),
                            j("{`a`:`unterminated}"),
                            j("{`a`:`tab\there`}"),
                            "<vote><user>u1</user></vote>",
                            "user=u1&voter=v1&votes=1",
                            "[".repeat(5000) + "]".repeat(5000),
                            j("{`a`:").repeat(3000) + "1" + "}".repeat(3000))) {
                add(BadRequest.post("broken JSON", "writer", path, body).expect(400, "JSON"));
            }
            add(BadRequest.post("broken JSON", "writer", path, "").expect(400, "missing"));
            add(BadRequest.post("broken JSON", "writer", path, "   ").expect(400, "body"));
            add(
                    BadRequest.post("broken JSON", "writer", path, "")
                            .rawBody(
                                    "application/json",
                                    new byte[] {
                                        '{', '"', 'a', '"', ':', '"', (byte) 0xC3, '(', '"', '}'
                                    })
                            .expect(400, "body"));
        }
        add(
                BadRequest.post(
                                "broken JSON",
                                "writer",
                                VOTES,
                                j("{`user`:`u1`,`voter`:`v1`,`votes`:1,`votes`:5}"))
                        .expect(400, "votes"));
        add(
                BadRequest.post(
                                "broken JSON",
                                "writer",
                                "/boards",
                                j("{`board`:`dup`,`board`:`dup2`}"))
                        .expect(400, "board"));
    }

    private void wrongTypes() {
        List<String> notText =
                List.of("7", "1.5", "true", "false", "[]", "{}", "[`u1`]", "{`a`:1}");
        for (String field : List.of("user", "voter", "voteId")) {
            for (String value : notText) {
                vote("wrong types", withField(field, value), 400, field);
            }
        }
        for (String value :
                List.of(
                        "`1`", "`one`", "``", "true", "[]", "{}", "[1]", "{`n`:1}", "1.5",
                        "-0.5")) {
            vote("wrong types", withField("votes", value), 400, "votes");
        }
        for (String body : List.of("42", "`vote`", "true", "null", "[]", "[" + VALID_VOTE + "]")) {
            add(BadRequest.post("wrong types", "writer", VOTES, j(body)).expect(400, "body"));
        }
        for (String value : List.of("7", "true", "[]", "{}", "[`b`]")) {
            add(create("wrong types", "{`board`:" + value + "}", "board"));
        }
        for (String field : List.of("writeWindowSeconds", "bucketSeconds", "shards", "chunks")) {
            for (String value : List.of("`60`", "60.5", "true", "[]", "{}", "2147483648")) {
                add(
                        create(
                                "wrong types",
                                "{`board`:`types`,`" + field + "`:" + value + "}",
                                field));
            }
        }
        for (String value : List.of("1", "true", "[]", "`MAYBE`", "`none`", "``")) {
            add(
                    create(
                            "wrong types",
                            "{`board`:`types`,`uniqueVotes`:" + value + "}",
                            "uniqueVotes"));
        }
        for (String value : List.of("`all`", "1", "true", "{}", "null")) {
            add(
                    BadRequest.post("wrong types", "writer", BATCH, j("{`votes`:" + value + "}"))
                            .expect(400, "votes"));
        }
        for (String value : List.of("1", "`x`", "true", "[]", "null")) {
            add(
                    BadRequest.post("wrong types", "writer", BATCH, j("{`votes`:[" + value + "]}"))
                            .inBatch()
                            .expect(200, "body"));
        }
    }

    private void missingFields() {
        vote("missing fields", j("{`voter`:`v1`,`votes`:1}"), 400, "user");
        vote("missing fields", j("{`user`:`u1`,`votes`:1}"), 400, "voter");
        vote("missing fields", j("{`user`:`u1`,`voter`:`v1`}"), 400, "votes");
        vote("missing fields", j("{`votes`:1}"), 400, "user");
        vote("missing fields", j("{`user`:`u1`}"), 400, "voter");
        vote("missing fields", j("{}"), 400, "user");
        vote("missing fields", j("{`user`:null,`voter`:`v1`,`votes`:1}"), 400, "user");
        vote("missing fields", j("{`user`:`u1`,`voter`:null,`votes`:1}"), 400, "voter");
        vote("missing fields", j("{`user`:`u1`,`voter`:`v1`,`votes`:null}"), 400, "votes");
        add(create("missing fields", "{}", "board"));
        add(create("missing fields", "{`writeWindowSeconds`:60}", "board"));
        add(create("missing fields", "{`board`:null}", "board"));
        add(BadRequest.post("missing fields", "writer", BATCH, j("{}")).expect(400, "votes"));
        add(
                BadRequest.post("missing fields", "writer", BATCH, j("{`votes`:[]}"))
                        .expect(400, "votes"));
        add(
                BadRequest.post("missing fields", "writer", BATCH, j("{`other`:[]}"))
                        .expect(400, "other"));
        add(BadRequest.post("missing fields", "writer", VOTES, null).expect(400, "missing"));
        add(BadRequest.post("missing fields", "writer", "/boards", null).expect(400, "missing"));
    }

    private void oversize() {
        for (String field : List.of("user", "voter")) {
            for (int length : List.of(129, 1000, 100_000)) {
                vote("oversize", withField(field, "`" + "x".repeat(length) + "`"), 400, field);
            }
            vote("oversize", withField(field, "`" + "\uD83C\uDFB5".repeat(129) + "`"), 400, field);
        }
        add(create("oversize", "{`board`:`" + "b".repeat(65) + "`}", "board"));
        add(create("oversize", "{`board`:`" + "b".repeat(10_000) + "`}", "board"));
        String longBoard = "b".repeat(65);
        add(
                BadRequest.post("oversize", "writer", "/boards/" + longBoard + "/votes", VALID_VOTE)
                        .expect(400, "board"));
        add(
                BadRequest.post(
                                "oversize",
                                "writer",
                                "/boards/" + "b".repeat(4000) + "/votes/batch",
                                j("{`votes`:[") + VALID_VOTE + "]}")
                        .expect(400, "board"));
        add(
                BadRequest.get("oversize", "/boards/" + longBoard + "/leaderboard")
                        .expect(400, "board"));
        add(
                BadRequest.get("oversize", "/boards/" + BOARD + "/users/" + "u".repeat(129))
                        .expect(400, "user"));
        add(
                BadRequest.get("oversize", "/boards/" + BOARD + "/users/" + "u".repeat(4000))
                        .expect(400, "user"));
        StringBuilder batch = new StringBuilder(j("{`votes`:["));
        for (int i = 0; i < 1001; i++) {
            batch.append(i == 0 ? "" : ",").append(VALID_VOTE);
        }
        add(BadRequest.post("oversize", "writer", BATCH, batch + "]}").expect(400, "1001"));
        // A body far beyond any legitimate request: refused before it is read whole.
        String huge = "x".repeat(3 * 1024 * 1024);
        vote("oversize", withField("user", "`" + huge + "`"), 413, "bytes");
        add(
                BadRequest.post(
                                "oversize",
                                "writer",
                                BATCH,
                                j("{`votes`:[{`user`:`") + huge + j("`}]}"))
                        .expect(413, "bytes"));
        add(create("oversize", "{`board`:`" + huge + "`}", "bytes").expect(413, "bytes"));
    }

    private void voteCounts() {
        for (String value :
                List.of(
                        "0",
                        "-0",
                        "0.0",
                        "0e5",
                        "1000000001",
                        "-1000000001",
                        "2147483648",
                        "-2147483649",
                        "9223372036854775808",
                        "99999999999999999999999999",
                        "1e10",
                        "1E2",
                        "1.0",
                        "0.5",
                        "-1.5",
                        "1e400",
                        "-1e-400")) {
            vote("zero and overflow votes", withField("votes", value), 400, "votes");
            add(
                    BadRequest.post(
                                    "zero and overflow votes",
                                    "writer",
                                    BATCH,
                                    j("{`votes`:[") + withField("votes", value) + "]}")
                            .inBatch()
                            .expect(200, "votes"));
        }
    }

    private void voteIds() {
        Instant now = Instant.now();
        UUID v1 = TimeUuids.voteIdAt(now);
        String text = v1.toString();
        for (String id :
                List.of(
                        "not-a-uuid",
                        "",
                        " ",
                        "123",
                        UUID.randomUUID().toString(),
                        UUID.nameUUIDFromBytes(new byte[] {1}).toString(),
                        "00000000-0000-0000-0000-000000000000",
                        "ffffffff-ffff-ffff-ffff-ffffffffffff",
                        text.substring(0, 19) + "c" + text.substring(20),
                        text.substring(0, 19) + "0" + text.substring(20),
                        "{" + text + "}",
                        text.replace("-", ""),
                        "1-2-3-4-5",
                        text + " ",
                        " " + text,
                        text + "0",
                        text.substring(1),
                        text.replace(text.charAt(0), 'g'),
                        "urn:uuid:" + text)) {
            vote("voteId not a timeuuid", withField("voteId", "`" + id + "`"), 400, "voteId");
            add(
                    BadRequest.post(
                                    "voteId not a timeuuid",
                                    "writer",
                                    BATCH,
                                    j("{`votes`:[") + withField("voteId", "`" + id + "`") + "]}")
                            .inBatch()
                            .expect(200, "voteId"));
        }
        for (Instant time :
                List.of(
                        now.plus(Duration.ofMinutes(10)),
                        now.plus(Duration.ofDays(1)),
                        Instant.parse("2100-01-01T00:00:00Z"),
                        Instant.parse("3000-01-01T00:00:00Z"),
                        now.minus(Duration.ofDays(1)),
                        Instant.parse("1970-01-01T00:00:00Z"),
                        Instant.parse("1600-01-01T00:00:00Z"))) {
            vote(
                    "voteId out of window",
                    withField("voteId", "`" + TimeUuids.voteIdAt(time) + "`"),
                    422,
                    "voteId");
        }
        vote(
                "voteId out of window",
                withField("voteId", "`ffffffff-ffff-1fff-bfff-ffffffffffff`"),
                422,
                "voteId");
        vote(
                "voteId out of window",
                withField("voteId", "`00000000-0000-1000-8000-000000000000`"),
                422,
                "voteId");
    }

    private void unknownBoards() {
        for (String board :
                List.of(
                        "nope",
                        "corpus2",
                        "Corpus",
                        "CORPUS",
                        "corpus-",
                        "c",
                        "0",
                        "a.b",
                        "x_y",
                        "unknown-" + "z".repeat(50))) {
            add(
                    BadRequest.post(
                                    "unknown boards",
                                    "writer",
                                    "/boards/" + board + "/votes",
                                    VALID_VOTE)
                            .expect(404, board));
            add(
                    BadRequest.post(
                                    "unknown boards",
                                    "writer",
                                    "/boards/" + board + "/votes/batch",
                                    j("{`votes`:[") + VALID_VOTE + "]}")
                            .expect(404, board));
            add(
                    BadRequest.get("unknown boards", "/boards/" + board + "/leaderboard")
                            .expect(404, board));
            add(
                    BadRequest.get("unknown boards", "/boards/" + board + "/users/" + USER)
                            .expect(404, board));
        }
        add(
                BadRequest.get("unknown boards", "/boards/" + BOARD + "/users/nobody")
                        .expect(404, "nobody"));
        add(
                BadRequest.get("unknown boards", "/boards/" + BOARD + "/users/Alice")
                        .expect(404, "Alice"));
    }

    private void idCharacters() {
        List<String> badIds =
                List.of(
                        "\\u0000",
                        "a\\u0007b",
                        "\\t",
                        "\\n",
                        "a\\u001fb",
                        "\\u007f",
                        "\\u0085",
                        "\\u200b",
                        "a\\u202eb",
                        "\\ufeff",
                        "a\\ud800",
                        "\\udfff",
                        "\\uffff",
                        "\\udb40\\udc01",
                        "\\u0378",
                        "\\u2028",
                        "\\u2029",
                        "   ",
                        "\\u3000",
                        "\\u00a0");
        for (String field : List.of("user", "voter")) {
            for (String id : badIds) {
                vote("control and unicode in ids", withField(field, "`" + id + "`"), 400, field);
            }
        }
        for (String id : List.of("\\u0000", "a\\u202eb", "\\u00a0")) {
            add(
                    BadRequest.post(
                                    "control and unicode in ids",
                                    "writer",
                                    BATCH,
                                    j("{`votes`:[") + withField("user", "`" + id + "`") + "]}")
                            .inBatch()
                            .expect(200, "user"));
        }
        List<String> badBoards =
                List.of(
                        "%00",
                        "a%0Ab",
                        "a%7Fb",
                        "caf%C3%A9",
                        "%F0%9F%8E%B5",
                        "a%E2%80%AEb",
                        "a%20b",
                        "%20",
                        "a%09b",
                        "-lead",
                        ".dot",
                        "a%2Fb",
                        "a%5Cb",
                        "a%3Bb",
                        "a%25b",
                        "a%22b",
                        "a%27b",
                        "%2E%2E",
                        "a:b",
                        "a@b",
                        "a+b",
                        "a%2Bb");
        for (String board : badBoards) {
            add(
                    BadRequest.post(
                                    "control and unicode in ids",
                                    "writer",
                                    "/boards/" + board + "/votes",
                                    VALID_VOTE)
                            .expect(400, null));
            add(
                    BadRequest.get(
                                    "control and unicode in ids",
                                    "/boards/" + board + "/leaderboard")
                            .expect(400, null));
        }
        for (String board :
                List.of(
                        "caf\\u00e9",
                        "a b",
                        "a/b",
                        "../x",
                        "-lead",
                        ".x",
                        "\\u0000",
                        "",
                        " ",
                        "a\\u202eb",
                        "\\ud83c\\udfb5")) {
            add(create("control and unicode in ids", "{`board`:`" + board + "`}", "board"));
        }
        for (String user :
                List.of(
                        "%01",
                        "a%0Db",
                        "%E2%80%8B",
                        "a%E2%80%AEb",
                        "%EF%BF%BF",
                        "%C2%85",
                        "%20%20",
                        "%E3%80%80")) {
            add(
                    BadRequest.get(
                                    "control and unicode in ids",
                                    "/boards/" + BOARD + "/users/" + user)
                            .expect(400, null));
        }
    }

    private void cqlLooking() {
        List<String> cql =
                List.of(
                        "x'; DROP TABLE vote_events; --",
                        "' OR '1'='1",
                        "corpus' AND shard=0 ALLOW FILTERING",
                        "x\\\"; TRUNCATE boards; //",
                        "corpus; DELETE FROM boards WHERE board='corpus'",
                        "*",
                        "system_schema.tables WHERE 1=1");
        for (String text : cql) {
            String inJson = text.replace("\\\"", "\\\"");
            add(create("CQL-looking strings", "{`board`:`" + inJson + "`}", "board"));
            String path = "/boards/" + encode(text.replace("\\\"", "\""));
            add(
                    BadRequest.post("CQL-looking strings", "writer", path + "/votes", VALID_VOTE)
                            .expect(400, null));
            add(BadRequest.get("CQL-looking strings", path + "/leaderboard").expect(400, null));
            // A legal user id, but on a board that does not exist: 404 and nothing stored.
            add(
                    BadRequest.post(
                                    "CQL-looking strings",
                                    "writer",
                                    "/boards/no-board/votes",
                                    withField("user", "`" + inJson + "`"))
                            .expect(404, "no-board"));
            add(
                    BadRequest.get(
                                    "CQL-looking strings",
                                    "/boards/"
                                            + BOARD
                                            + "/users/"
                                            + encode(text.replace("\\\"", "\"")))
                            // 404 (no such user) or 400 (';' is refused in URLs): nothing is run.
                            .expect(0, null));
            add(
                    BadRequest.get("CQL-looking strings", TOP + "?offset=" + encode("0; " + text))
                            .expect(400, "offset"));
        }
        vote("CQL-looking strings", withField("votes", "`1; DROP TABLE boards`"), 400, "votes");
        vote(
                "CQL-looking strings",
                withField("voteId", "`00000000-0000-1000-8000-000000000000' OR 1=1`"),
                400,
                "voteId");
        vote(
                "CQL-looking strings",
                j("{`user; DROP TABLE boards`:`u1`,`voter`:`v1`,`votes`:1}"),
                400,
                "user; DROP TABLE boards");
        add(
                BadRequest.get("CQL-looking strings", TOP + "?limit=" + encode("1 OR 1=1"))
                        .expect(400, "limit"));
        add(
                BadRequest.get("CQL-looking strings", STANDING + "?around=" + encode("' OR ''='"))
                        .expect(400, "around"));
    }

    private void boardSettings() {
        for (String[] setting :
                new String[][] {
                    {"writeWindowSeconds", "0"},
                    {"writeWindowSeconds", "-1"},
                    {"writeWindowSeconds", "604801"},
                    {"writeWindowSeconds", "2147483647"},
                    {"bucketSeconds", "0"},
                    {"bucketSeconds", "3601"},
                    {"bucketSeconds", "-60"},
                    {"shards", "0"},
                    {"shards", "257"},
                    {"shards", "-1"},
                    {"chunks", "0"},
                    {"chunks", "1025"},
                    {"chunks", "-2147483648"}
                }) {
            add(
                    create(
                            "board settings",
                            "{`board`:`settings`,`" + setting[0] + "`:" + setting[1] + "}",
                            setting[0]));
        }
        for (String field : List.of("owner", "Board", "write_window_seconds", "")) {
            add(
                    create(
                            "board settings",
                            "{`board`:`settings`,`" + field + "`:1}",
                            field.isEmpty() ? "known field" : field));
        }
        add(
                create(
                                "board settings",
                                "{`board`:`" + BOARD + "`,`writeWindowSeconds`:120}",
                                BOARD)
                        .expect(409, BOARD));
        add(
                create("board settings", "{`board`:`" + BOARD + "`,`shards`:16}", BOARD)
                        .expect(409, BOARD));
        add(
                create("board settings", "{`board`:`" + BOARD + "`,`bucketSeconds`:30}", BOARD)
                        .expect(409, BOARD));
    }

    private void retractions() {
        String id = TimeUuids.voteIdAt(Instant.now()).toString();
        for (String voteId :
                List.of(
                        "not-a-uuid",
                        UUID.randomUUID().toString(),
                        "1-2-3-4-5",
                        "%00",
                        "x%27%3B%20DROP")) {
            add(
                    BadRequest.post(
                                    "retractions",
                                    "writer",
                                    VOTES + "/" + voteId + "/retraction",
                                    "{}")
                            .expect(0, null));
        }
        for (String board : List.of("nope", "a%20b", "%E2%80%AE")) {
            add(
                    BadRequest.post(
                                    "retractions",
                                    "writer",
                                    "/boards/" + board + "/votes/" + id + "/retraction",
                                    "{}")
                            .expect(0, null));
        }
    }

    private void methodsAndMedia() {
        add(
                BadRequest.post("methods and media types", "writer", "/boards", null)
                        .method("PUT")
                        .expect(405, "PUT"));
        for (String method : List.of("GET", "PUT", "DELETE", "PATCH")) {
            add(
                    BadRequest.post("methods and media types", "writer", VOTES, VALID_VOTE)
                            .method(method)
                            .expect(405, method));
        }
        // GET /boards/{board} is the board's detail (ADMIN); nothing else is served there.
        add(
                BadRequest.post("methods and media types", "writer", "/boards/" + BOARD, VALID_VOTE)
                        .expect(405, "POST"));
        add(
                BadRequest.post("methods and media types", "writer", BATCH + "/more", VALID_VOTE)
                        .expect(404, null));
        add(
                BadRequest.post("methods and media types", "writer", "/boards//votes", VALID_VOTE)
                        .expect(0, null));
        add(
                BadRequest.post(
                                "methods and media types",
                                "writer",
                                "/boards/" + BOARD + "/../" + BOARD + "/votes",
                                VALID_VOTE)
                        .expect(0, null));
        for (String type :
                List.of(
                        "text/plain",
                        "application/xml",
                        "application/x-www-form-urlencoded",
                        "text/json",
                        "application/octet-stream")) {
            add(
                    BadRequest.post("methods and media types", "writer", VOTES, VALID_VOTE)
                            .rawBody(type, VALID_VOTE.getBytes(StandardCharsets.UTF_8))
                            .expect(415, "Content-Type"));
        }
        add(
                BadRequest.post("methods and media types", "writer", VOTES, VALID_VOTE)
                        .rawBody(null, VALID_VOTE.getBytes(StandardCharsets.UTF_8))
                        .expect(415, "Content-Type"));
        add(
                BadRequest.post("methods and media types", "writer", "/boards", "{}")
                        .rawBody("text/plain", "{}".getBytes(StandardCharsets.UTF_8))
                        .expect(415, "Content-Type"));
        for (String method : List.of("POST", "PUT", "DELETE")) {
            add(BadRequest.get("methods and media types", TOP).method(method).expect(405, method));
            add(
                    BadRequest.get("methods and media types", STANDING)
                            .method(method)
                            .expect(405, method));
        }
        // GET /boards/{board} is the board's live page (HTML); a path below it that nothing serves:
        add(
                BadRequest.get("methods and media types", "/boards/" + BOARD + "/nothing")
                        .expect(404, null));
        add(BadRequest.get("methods and media types", TOP + "/more").expect(404, null));
    }

    /**
     * The ADMIN endpoints of the writer. Nothing here may succeed: a close of {@link #BOARD} would
     * change the boards table, which the test requires unchanged.
     */
    private void boardAdministration() {
        String category = "board administration";
        for (String limit : List.of("0", "1001", "-1", "0x10", "%2B5", "%201", "abc", "1.5")) {
            add(
                    BadRequest.post(category, "writer", "/boards?limit=" + limit, null)
                            .method("GET")
                            .expect(400, "limit"));
        }
        for (String state : List.of("zz", "0x00ff", "0x" + "ab".repeat(500), "%2Fx")) {
            add(
                    BadRequest.post(category, "writer", "/boards?pageState=" + state, null)
                            .method("GET")
                            .expect(400, "pageState"));
        }
        add(
                BadRequest.post(category, "writer", "/boards/no-such-board", null)
                        .method("GET")
                        .expect(404, "no-such-board"));
        String close = "/boards/" + BOARD + "/close";
        for (String body :
                List.of(
                        j("{`closeAt`:`2000-01-01T00:00:00Z`}"),
                        j("{`closeAt`:`tomorrow`}"),
                        j("{`closeAt`:`2099-01-01`}"),
                        j("{`closeAt`:true}"))) {
            add(BadRequest.post(category, "writer", close, body).expect(400, "closeAt"));
        }
        add(
                BadRequest.post(category, "writer", close, j("{`closesAt`:`2099-01-01T00:00:00Z`}"))
                        .expect(400, "closesAt"));
        add(BadRequest.post(category, "writer", close, "{").expect(400, "JSON"));
        for (String action : List.of("close", "reopen")) {
            add(
                    BadRequest.post(category, "writer", "/boards/no-such-board/" + action, null)
                            .expect(404, "no-such-board"));
            add(
                    BadRequest.post(category, "writer", "/boards/" + BOARD + "/" + action, null)
                            .method("DELETE")
                            .expect(405, "DELETE"));
        }
    }

    private void credentials() {
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey()
                        .expect(401, "credentials"));
        add(
                BadRequest.post("credentials", "writer", "/boards", j("{`board`:`anon`}"))
                        .withoutKey()
                        .expect(401, "credentials"));
        add(
                BadRequest.post("credentials", "writer", BATCH, j("{`votes`:[") + VALID_VOTE + "]}")
                        .withoutKey()
                        .expect(401, "credentials"));
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey("X-API-Key", "wrong-key-0123456789")
                        .expect(401, "API key"));
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey("X-API-Key", "")
                        .expect(401, "API key"));
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey("Authorization", "ApiKey nope")
                        .expect(401, "API key"));
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey("Authorization", "Bearer not.a.jwt")
                        .expect(401, "bearer"));
        add(
                BadRequest.post("credentials", "writer", VOTES, VALID_VOTE)
                        .withoutKey("Authorization", "Basic YWRtaW46YWRtaW4=")
                        .expect(401, "Basic"));
        add(
                BadRequest.get("credentials", TOP)
                        .withoutKey("X-API-Key", "wrong-key-0123456789")
                        .expect(401, "API key"));
    }

    private void queryParameters() {
        for (String offset :
                List.of(
                        "-1",
                        "-2147483648",
                        "2147483648",
                        "99999999999999999999",
                        "abc",
                        "",
                        "%201",
                        "1.5",
                        "1e3",
                        "0x10",
                        "%2310",
                        "1,2",
                        "%E2%80%8B1",
                        "%EF%BC%91")) {
            add(
                    BadRequest.get("query parameters", TOP + "?offset=" + offset)
                            .expect(400, "offset"));
        }
        for (String limit :
                List.of("0", "-1", "1001", "2147483648", "ten", "", "1e2", "0x64", "+5")) {
            add(BadRequest.get("query parameters", TOP + "?limit=" + limit).expect(400, "limit"));
        }
        add(BadRequest.get("query parameters", TOP + "?limit=1&limit=2").expect(400, "limit"));
        add(BadRequest.get("query parameters", TOP + "?offset=0&offset=1").expect(400, "offset"));
        for (String around : List.of("-1", "51", "2147483648", "x", "", "0x5", "5.0")) {
            add(
                    BadRequest.get("query parameters", STANDING + "?around=" + around)
                            .expect(400, "around"));
        }
        for (String asOf :
                List.of(
                        "yesterday",
                        "2026-13-01T00:00:00Z",
                        "",
                        "0",
                        "2026-01-01",
                        "9999999999999",
                        "now")) {
            add(BadRequest.get("query parameters", TOP + "?asOf=" + asOf).expect(400, "asOf"));
        }
        for (String parameter : List.of("page=2", "sort=desc", "around=5", "offset", "Limit=5")) {
            add(
                    BadRequest.get("query parameters", TOP + "?" + parameter)
                            .expect(400, parameter.split("=")[0]));
        }
        add(BadRequest.get("query parameters", STANDING + "?limit=5").expect(400, "limit"));
        add(BadRequest.get("query parameters", STANDING + "?offset=1").expect(400, "offset"));
    }

    private void queryPaths() {
        for (String path :
                List.of(
                        "/boards/%00/leaderboard",
                        "/boards//leaderboard",
                        "/boards/" + BOARD + "/users/",
                        "/boards/" + BOARD + "/users/%2F",
                        "/boards/" + BOARD + "/users/a%2Fb",
                        "/boards/" + BOARD + "/users/a%3Bb",
                        "/boards/" + BOARD + "/users/..",
                        "/boards/" + BOARD + "/leaderboard;jsessionid=1")) {
            add(BadRequest.get("query paths", path).expect(0, null));
        }
    }

    private void vote(String category, String body, int status, String mention) {
        add(BadRequest.post(category, "writer", VOTES, body).expect(status, mention));
    }

    private static BadRequest create(String category, String json, String mention) {
        return BadRequest.post(category, "writer", "/boards", j(json)).expect(400, mention);
    }

    private void add(BadRequest request) {
        requests.add(request);
    }

    /** A valid vote with one field replaced by raw JSON {@code value} (backticks for quotes). */
    private static String withField(String field, String value) {
        String vote = "{`user`:`u1`,`voter`:`v1`,`votes`:1,`voteId`:null}";
        String replaced =
                vote.replaceFirst(
                        "`" + field + "`:[^,}]*",
                        "`" + field + "`:" + java.util.regex.Matcher.quoteReplacement(value));
        return j(replaced.replace(",`voteId`:null", ""));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String j(String text) {
        return text.replace('`', '"');
    }
}
