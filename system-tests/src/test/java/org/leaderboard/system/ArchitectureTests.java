package org.leaderboard.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The layout is the architecture: the three processes share only shared-model. */
class ArchitectureTests {

    private static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("org.leaderboard");

    @Test
    void theQuerySideIsIndependentOfTheWriteSide() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.query..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.writer..", "org.leaderboard.snapshot..")
                .check(CLASSES);
    }

    @Test
    void theWriterKnowsNeitherSnapshotsNorQueries() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.writer..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.query..", "org.leaderboard.snapshot..")
                .check(CLASSES);
    }

    @Test
    void theSnapshotWorkerKnowsNeitherTheWriterNorTheQueryService() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.snapshot..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.query..", "org.leaderboard.writer..")
                .check(CLASSES);
    }

    @Test
    void theOperatorCliIsAnHttpClientOfTheServicesNotAPartOfThem() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.leaderboard.writer..",
                        "org.leaderboard.query..",
                        "org.leaderboard.snapshot..",
                        "org.leaderboard.model.cassandra..")
                .check(CLASSES);
    }

    @Test
    void theSharedModelIsPlainJavaWithoutSpringOrAxon() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.axonframework..",
                        "org.leaderboard.writer..",
                        "org.leaderboard.query..",
                        "org.leaderboard.snapshot..")
                .check(CLASSES);
    }
}
