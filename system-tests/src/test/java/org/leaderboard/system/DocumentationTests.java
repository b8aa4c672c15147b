package org.leaderboard.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the pages under {@code docs/} as a reader follows them: every relative link leads
 * to a file of this repository (and, with a {@code #fragment}, to a heading of that file), every
 * page is reachable from the README, and the README stays short enough to read in a few minutes.
 */
class DocumentationTests {

    /** {@code [text](target)} and {@code ![alt](target)}, outside code blocks. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");

    private static final Path ROOT = projectRoot();

    @Test
    void everyRelativeLinkLeadsToAFileOfTheRepositoryAndAnExistingHeading() throws IOException {
        List<String> broken = brokenLinks(pages());

        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void aBrokenLinkIsFound() throws IOException {
        Path dir = Files.createDirectories(ROOT.resolve("system-tests/target/docs-check"));
        Path page = dir.resolve("page.md");
        try {
            Files.writeString(
                    page,
                    "# A page\n[missing](missing-page.md) [outside](../../../../outside.md)"
                            + " [anchor](#no-such-heading) [fine](#a-page) [web](https://example.org)\n"
                            + "```\n[in code](not-a-link.md)\n```\n");

            assertThat(brokenLinks(List.of(page)))
                    .hasSize(3)
                    .anySatisfy(link -> assertThat(link).contains("missing-page.md"))
                    .anySatisfy(link -> assertThat(link).contains("outside.md"))
                    .anySatisfy(link -> assertThat(link).contains("#no-such-heading"));
        } finally {
            Files.deleteIfExists(page);
        }
    }

    @Test
    void everyPageIsLinkedFromTheReadme() throws IOException {
        Set<Path> linked = new HashSet<>();
        for (String target : links(ROOT.resolve("README.md"))) {
            linked.add(ROOT.resolve(target.replaceFirst("#.*", "")).normalize());
        }

        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            assertThat(docs.filter(file -> file.toString().endsWith(".md")).toList())
                    .allSatisfy(page -> assertThat(linked).contains(page));
        }
    }

    @Test
    void theReadmeIsShort() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).hasSizeLessThan(300);
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static List<String> brokenLinks(List<Path> pages) throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            for (String target : links(page)) {
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto: and the like: not checked from here
                }
                String file = target.replaceFirst("#.*", "");
                String fragment = target.contains("#") ? target.replaceFirst("^[^#]*#", "") : null;
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = ROOT.relativize(page) + ": " + target;
                if (!resolved.startsWith(ROOT)) {
                    broken.add(where + " (outside the repository)");
                } else if (!Files.exists(resolved)) {
                    broken.add(where + " (no such file)");
                } else if (fragment != null && !anchors(resolved).contains(fragment)) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        return broken;
    }

    private static List<String> links(Path page) throws IOException {
        List<String> links = new ArrayList<>();
        boolean code = false;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("```")) {
                code = !code;
                continue;
            }
            if (code) {
                continue;
            }
            Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (link.find()) {
                links.add(link.group(1));
            }
        }
        return links;
    }

    /** GitHub's anchors: headings lower-cased, punctuation dropped, spaces as hyphens. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        boolean code = false;
        for (String line : Files.readAllLines(page)) {
            if (line.startsWith("```")) {
                code = !code;
            }
            Matcher heading = HEADING.matcher(line);
            if (!code && heading.matches()) {
                anchors.add(
                        heading.group(1)
                                .strip()
                                .toLowerCase(Locale.ROOT)
                                .replaceAll("[^\\p{L}\\p{N}\\- _]", "")
                                .replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static Path projectRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("no mvnw above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
