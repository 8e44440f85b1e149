"""English / 中文 text of the shareable link (:mod:`ui.share`): merged into
:data:`ui.i18n.TRANSLATIONS`."""

from __future__ import annotations

TRANSLATIONS: dict[str, dict[str, str]] = {
    "share.title": {"en": "Link to this view", "zh": "本视图的链接"},
    "share.help": {
        "en": "Copy this address (the icon at its right) to share this view: the data, choices, "
              "page and step. An uploaded table stays on this server only, while it runs.",
        "zh": "复制此地址（右侧的图标）即可分享本视图：数据、各项选择、页面与步骤。"
              "上传的表格只保存在本服务器上，直到服务器重启。"},
    "share.unused.value": {
        "en": "This link's {param}={value} is not a choice the app offers for this data; it was "
              "left as it was.",
        "zh": "此链接中的 {param}={value} 不是本应用对当前数据提供的选项，已保持原样。"},
    "share.unused.upload_gone": {
        "en": "This link opens an uploaded table that this server no longer keeps (it keeps "
              "uploads only while it runs). Upload the file again on the Data page.",
        "zh": "此链接要打开的上传表格已不在本服务器上（服务器只在运行期间保存上传的文件）。"
              "请在“数据”页重新上传该文件。"},
    "share.dismiss": {"en": "OK", "zh": "知道了"},
}
