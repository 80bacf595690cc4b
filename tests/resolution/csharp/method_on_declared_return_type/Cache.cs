namespace App
{
    public class Cache
    {
        public void Save(string item) { }
    }
}
