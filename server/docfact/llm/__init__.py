"""The LLM judge's transport: OpenAI-compatible client, disk cache and prompts."""
