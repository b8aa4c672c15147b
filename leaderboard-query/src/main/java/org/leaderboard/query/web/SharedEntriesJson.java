package org.leaderboard.query.web;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import org.leaderboard.query.query.SharedEntries;

/**
 * Writes {@link SharedEntries} as the JSON array their entries make, the first time with the
 * answers' own object mapper (so with the same settings: the same bytes), and from then on as those
 * bytes again: copied into the writer's buffer as UTF-8, which is what a JSON answer is sent in.
 */
final class SharedEntriesJson extends StdSerializer<SharedEntries> {

    SharedEntriesJson() {
        super(SharedEntries.class);
    }

    /** The module that writes shared entries this way (registered with the answers' mapper). */
    static SimpleModule module() {
        return new SimpleModule("shared-entries").addSerializer(new SharedEntriesJson());
    }

    @Override
    public void serialize(SharedEntries value, JsonGenerator gen, SerializerProvider provider)
            throws IOException {
        SerializableString json = value.json();
        if (json == null) {
            if (!(gen.getCodec() instanceof ObjectMapper mapper)) {
                provider.defaultSerializeValue(value.entries(), gen);
                return;
            }
            json = new SerializedString(mapper.writeValueAsString(value.entries()));
            json.asUnquotedUTF8(); // encoded once here, not by each answer
            value.json(json);
        }
        gen.writeRawValue(json);
    }
}
