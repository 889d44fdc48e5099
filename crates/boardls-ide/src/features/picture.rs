//! The hover's picture of the position (`boardls_engine::picture` draws it): an SVG
//! image in a `data:` URI for clients that render Markdown images, a text
//! board in a code block for the others, as `hover.picture` and the
//! client's capabilities decide.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use super::locate::Located;
use crate::config::HoverPicture;
use crate::view::ClientCaps;
use boardls_engine::games::Cell;
use boardls_engine::picture;

/// What the hover draws for this client.
pub fn resolve(setting: HoverPicture, caps: &ClientCaps) -> HoverPicture {
    match setting {
        HoverPicture::Auto if caps.markdown_images => HoverPicture::Image,
        HoverPicture::Auto => HoverPicture::Text,
        other => other,
    }
}

/// The prefix VS Code renders as an image in hover Markdown.
pub const DATA_URI_PREFIX: &str = "data:image/svg+xml;base64,";

/// The picture in Markdown, or `None` when there is none to draw (the
/// board could not be read, or pictures are off).
pub fn markdown(
    located: &Located<'_>,
    cursor: Option<Cell>,
    setting: HoverPicture,
    caps: &ClientCaps,
) -> Option<String> {
    let game = located.position.game()?;
    let scene = picture::scene(
        game,
        located.case(),
        &located.verdict(),
        cursor,
        caps.locale,
    );
    match resolve(setting, caps) {
        HoverPicture::Image => {
            let svg = picture::svg(&scene);
            Some(format!(
                "![{}]({DATA_URI_PREFIX}{})",
                scene.title.replace(['[', ']'], ""),
                STANDARD.encode(svg)
            ))
        }
        HoverPicture::Text => {
            let board = picture::text_board(&scene).join("\n");
            let legend = picture::text_legend(&scene).join(" · ");
            Some(
                format!("```text\n{board}\n```\n\n{legend}")
                    .trim_end()
                    .to_owned(),
            )
        }
        HoverPicture::Auto | HoverPicture::None => None,
    }
}
